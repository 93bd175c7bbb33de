import fs from 'node:fs';
import path from 'node:path';
import { backOfficeScreens } from './support/back-office-screens.js';
import { createAccount } from './support/accounts.js';
import { allProducts } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { openBackOffice } from './support/staff.js';
import { expect, test, type Page } from './support/test.js';

/**
 * Issue 34.7: the back office on a phone. Every page of the back office (the screen walk's list,
 * and one order, product and customer) is opened at 390 × 844 with the demo shop's content; the
 * page must not scroll sideways, and each table row's actions (the links and controls of its
 * last column, and the link that opens the row) must be on screen without scrolling the table.
 * The figures go to bench/results/admin-overflow.json.
 */
const width = 390;

interface Measure {
  scrollWidth: number;
  clientWidth: number;
  overflows: boolean;
  /** The row actions outside the window, by their words or label and where they lie. */
  actionsOffScreen: string[];
}

const resultsFile = path.resolve(import.meta.dirname, '../bench/results/admin-overflow.json');

/** The page's sideways scroll and every table row's actions that lie outside the window. */
function measurePage(page: Page) {
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    const interactive = 'a[href], button, input, select, textarea';
    const shown = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true }) &&
      element.getBoundingClientRect().width > 1;
    const actionsOffScreen: string[] = [];
    for (const row of Array.from(document.querySelectorAll('table tbody tr'))) {
      const lastCell = row.lastElementChild;
      const opens = row.querySelector('a[href]');
      const actions = [
        ...Array.from(lastCell?.querySelectorAll(interactive) ?? []),
        ...(opens ? [opens] : []),
      ];
      for (const action of actions.filter(shown)) {
        const box = action.getBoundingClientRect();
        if (box.left >= 0 && box.right <= clientWidth + 0.5) continue;
        const name =
          action.getAttribute('aria-label') ?? action.textContent?.trim() ?? action.tagName;
        actionsOffScreen.push(`"${name}" at ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
    }
    return { scrollWidth, clientWidth, actionsOffScreen };
  });
}

test('ADMIN-PHONE no back-office page scrolls sideways at 390 px and row actions stay on screen (issue 34.7)', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  // A customer with an order, so the orders, customers and inventory lists have rows to open.
  const [product] = (await allProducts(request)).filter((one) => one.stock >= 5);
  if (!product) throw new Error('the demo catalogue has no product to buy');
  const { email } = await createAccount(request, { name: 'Fiona Fitsonscreen' });
  await buyThroughApi(request, email, product, 1);
  await page.setViewportSize({ width, height: 844 });
  const session = await openBackOffice(page, request, '/dashboard');
  const auth = { authorization: `Bearer ${session.accessToken}` };
  const firstId = async (url: string, key: string) => {
    const answer = await request.get(url, { headers: auth });
    expect(answer.status(), url).toBe(200);
    const list = ((await answer.json()) as Record<string, { _id?: string; id?: string }[]>)[key];
    const first = list?.[0];
    const id = first?._id ?? first?.id;
    if (!id) throw new Error(`${url} lists no ${key} to open`);
    return id;
  };
  const details = [
    `orders/${await firstId('/api/admin/orders', 'orders')}`,
    `products/${await firstId('/api/admin/products', 'products')}`,
    `customers/${await firstId('/api/admin/customers', 'customers')}`,
  ];

  const measures: Record<string, Measure> = {};
  try {
    for (const screen of [...backOfficeScreens, ...details]) {
      const route = `/admin/${screen}`;
      await page.goto(route);
      // Each page's heading shows once the shell and the page's code are in; its lists and
      // pictures have loaded when the network is quiet.
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { scrollWidth, clientWidth, actionsOffScreen } = await measurePage(page);
      measures[route] = {
        scrollWidth,
        clientWidth,
        overflows: scrollWidth > clientWidth,
        actionsOffScreen,
      };
      expect.soft(scrollWidth - clientWidth, `${route} at ${width} px scrolls sideways by`).toBe(0);
      expect
        .soft(actionsOffScreen, `${route} at ${width} px has row actions off screen`)
        .toEqual([]);
    }
  } finally {
    fs.writeFileSync(
      resultsFile,
      `${JSON.stringify({ date: new Date().toISOString(), width, routes: measures }, null, 2)}\n`,
    );
  }
  expect(Object.keys(measures)).toHaveLength(backOfficeScreens.length + details.length);
});
