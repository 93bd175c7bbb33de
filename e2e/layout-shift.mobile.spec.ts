import { devices, expect, test } from './support/test.js';
import { layoutShiftPages, measureLayoutShift, recordLayoutShift } from './support/layout-shift.js';

test('the phone pages do not jump while they load: CLS under 0.05 on a throttled load (issue 10.3)', async ({
  browser,
  request,
}, testInfo) => {
  // A fresh context per page, so each load starts with an empty cache.
  const { baseURL } = testInfo.project.use;
  const figures: Record<string, number> = {};
  const phone = { ...devices['Pixel 7'], channel: undefined };
  for (const [name, url] of Object.entries(await layoutShiftPages(request))) {
    const context = await browser.newContext({ ...phone, baseURL });
    figures[name] = await measureLayoutShift(await context.newPage(), url);
    await context.close();
  }
  recordLayoutShift('phone', phone.viewport, figures);
  for (const [name, value] of Object.entries(figures))
    expect(value, `layout shift of the ${name} page`).toBeLessThan(0.05);
});
