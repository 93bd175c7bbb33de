import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * A page the server rendered (issue 15) shows its buttons before the storefront has taken it
 * over, and a click in between does nothing, as it would for a shopper that quick. A journey
 * acts only once the page is live: the storefront marks `<html data-hydrated>` when it is.
 */
async function untilLive(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.documentElement.dataset.hydrated === 'true' ||
        document.getElementById('server-state') === null,
      undefined,
      { timeout: 20_000 },
    )
    // A page that navigated on by itself (a redirect, a payment hand-back) is waited for by the
    // journey's own next step.
    .catch(() => undefined);
}

/**
 * For a wait on something that happens on the server's own time (a mail its worker sends, the
 * set-up another journey does): as long as the test may still run, so that a busy machine's
 * slowness never decides a journey; a journey that fails still fails, at its own timeout.
 */
export const untilTheTestTimesOut = { timeout: 0 } as const;

/** Playwright's `test`, whose page waits for a server-rendered page to come alive after loading. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilLive(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilLive(page);
      return response;
    };
    await use(page);
  },
});
