import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test.js';
import { createAccount, logIn } from './support/accounts.js';
import { allProducts, categories } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { en, enUrl } from './support/english.js';

/**
 * Issue 10.1: no page scrolls sideways on a phone or a tablet. Every route of spec §2 is opened
 * with real content (a cart with items, an order on My Orders, the payment widget mounted) and
 * the page's scrollWidth is compared with the window's width. The figures go to
 * bench/results/overflow.json.
 */
const widths = [320, 390, 768] as const;

interface Measure {
  scrollWidth: number;
  clientWidth: number;
  overflows: boolean;
}
type Measures = Record<string, Measure>;

// In order, in one worker: each test adds its width's figures to the same file.
test.describe.configure({ mode: 'default' });

const resultsFile = path.resolve(import.meta.dirname, '../bench/results/overflow.json');

function record(width: number, routes: Measures) {
  const previous = fs.existsSync(resultsFile)
    ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { widths?: Record<string, Measures> })
    : {};
  const results = {
    date: new Date().toISOString(),
    widths: { ...previous.widths, [width]: routes },
  };
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
}

async function measure(
  page: Page,
  width: number,
  route: string,
  into: Measures,
  settled = () => page.waitForLoadState('networkidle'),
) {
  // Lazy pages and images settle before the page is measured.
  await settled();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  into[route] = { scrollWidth, clientWidth, overflows: scrollWidth > clientWidth };
  expect
    .soft(scrollWidth, `${route} at ${width} px scrolls sideways`)
    .toBeLessThanOrEqual(clientWidth);
}

for (const width of widths) {
  test(`GLOB-01 no route scrolls sideways at ${width} px (issue 10.1)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    const routes: Measures = {};
    try {
      await visitEveryRoute(page, request, width, routes);
    } finally {
      record(width, routes);
    }
  });
}

async function visitEveryRoute(
  page: Page,
  request: APIRequestContext,
  width: (typeof widths)[number],
  routes: Measures,
) {
  await page.setViewportSize({ width, height: 800 });
  const products = await allProducts(request);
  // The longest name with options shows the widest cart line. The one bought comes from the
  // middle of the catalogue, away from the other journeys' picks at its start and end.
  const [longest] = [...products]
    .filter((product) => product.stock > 2 && Object.keys(product.variants).length > 0)
    .sort((a, b) => b.name.length - a.name.length);
  const buyable = products.filter((product) => product.stock >= 5 && product.options.length === 0);
  const bought = buyable.at(Math.floor(buyable.length / 2) + widths.indexOf(width));
  if (!longest || !bought) throw new Error('the demo catalogue has no products to measure with');
  const [category] = await categories(request);
  if (!category) throw new Error('the demo catalogue has no category');

  const signedOut = [
    '/',
    `/category/${category.slug}`,
    `/product/${longest.slug}`,
    '/search?q=tea',
    '/mobcat',
    '/more',
    '/login',
    '/forgot-password',
    '/forgot-password/not-a-real-token',
    '/verify/00000000-0000-4000-8000-000000000000/not-a-real-token',
    '/cleaning',
    '/about',
    '/delivery-terms-conditions',
    '/terms-conditions',
    '/refund',
    '/return',
    '/privacy',
    '/no-such-page',
  ];
  for (const route of signedOut) {
    await page.goto(en(route));
    await measure(page, width, route, routes);
  }

  const { email } = await createAccount(request, { name: 'Wilhelmina Widthsdottir' });
  await buyThroughApi(request, email, bought, 1);
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));

  await page.goto(en(`/product/${longest.slug}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(en(`/product/${bought.slug}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(enUrl(/\/cart\/buy-now$/));

  for (const route of ['/account', '/orders', '/reviews', '/cart', '/cart/buy-now']) {
    await page.goto(en(route));
    await measure(page, width, route, routes);
  }
  for (const kind of ['', '/buy-now']) {
    await page.goto(en(`/shipping${kind}`));
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await measure(page, width, `/shipping${kind}`, routes);
    // The payment page needs the shipping step's state: store pickup gives it at once.
    await page.getByLabel('Store Pickup').check();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(enUrl(new RegExp(`/checkout${kind}$`)));
    // The payment frame keeps the network busy, so the page is measured once its form shows.
    const widget = page.frameLocator('iframe[title="Card payment (test mode)"]');
    await measure(page, width, `/checkout${kind}`, routes, () =>
      expect(widget.getByRole('button', { name: /^Pay / })).toBeVisible(),
    );
  }
}
