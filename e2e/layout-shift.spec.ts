import { expect, test } from './support/test.js';
import { layoutShiftPages, measureLayoutShift, recordLayoutShift } from './support/layout-shift.js';

test('the desktop pages do not jump while they load: CLS under 0.05 on a throttled load (issue 10.3)', async ({
  browser,
  request,
}, testInfo) => {
  // A fresh context per page, so each load starts with an empty cache.
  const { baseURL } = testInfo.project.use;
  const figures: Record<string, number> = {};
  for (const [name, url] of Object.entries(await layoutShiftPages(request))) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
    figures[name] = await measureLayoutShift(await context.newPage(), url);
    await context.close();
  }
  recordLayoutShift('desktop', { width: 1366, height: 768 }, figures);
  for (const [name, value] of Object.entries(figures))
    expect(value, `layout shift of the ${name} page`).toBeLessThan(0.05);
});
