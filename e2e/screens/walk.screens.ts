import fs from 'node:fs/promises';
import path from 'node:path';
import { backOfficeScreens } from '../support/back-office-screens.js';
import { pathInLocale, type Locale } from '@shop/shared';
import { createAccount, logIn } from '../support/accounts.js';
import { allProducts, categories } from '../support/catalogue.js';
import { buyThroughApi } from '../support/checkout.js';
import { openBackOffice } from '../support/staff.js';
import { expect, test, type Page } from '../support/test.js';

const folder = path.resolve(import.meta.dirname, '../../test-results/screens');
const widths = [1366, 390] as const;
const locales: Locale[] = ['nb', 'en'];

/** Pages wider than the window scroll sideways: the walk lists them beside the pictures. */
const overflowing: string[] = [];

async function capture(page: Page, name: string, url: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (sideways > 0) overflowing.push(`${name} at ${width} px: ${sideways} px sideways`);
    await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
  }
}

test.beforeAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
  await fs.mkdir(folder, { recursive: true });
});

test.afterAll(async () => {
  await fs.writeFile(path.join(folder, 'overflow.txt'), overflowing.join('\n') + '\n');
});

test('the storefront, signed out and signed in, in both languages', async ({ page, request }) => {
  const [category] = await categories(request);
  const [product] = await allProducts(request);
  expect(category && product).toBeTruthy();
  const signedOut: [string, string][] = [
    ['home', '/'],
    ['category', `/category/${category?.slug}`],
    ['product', `/product/${product?.slug}`],
    ['search', '/search?keyword=honning'],
    ['mobile-categories', '/mobcat'],
    ['login', '/login'],
    ['forgot-password', '/forgot-password'],
    ['more', '/more'],
    ['about', '/about'],
    ['cleaning', '/cleaning'],
    ['terms', '/terms-conditions'],
    ['refund', '/refund'],
    ['return', '/return'],
    ['privacy', '/privacy'],
    ['delivery', '/delivery-terms-conditions'],
    ['not-found', '/no-such-page'],
  ];
  for (const locale of locales)
    for (const [name, url] of signedOut)
      await capture(page, `store-${locale}-${name}`, pathInLocale(locale, url));

  const { email } = await createAccount(request);
  if (product) await buyThroughApi(request, email, product, 1);
  await logIn(page, email);
  await page.waitForURL(/\/en\/?$/);
  const signedIn: [string, string][] = [
    ['account', '/account'],
    ['orders', '/orders'],
    ['reviews', '/reviews'],
    ['cart', '/cart'],
    ['shipping', '/shipping'],
    ['checkout', '/checkout'],
  ];
  for (const locale of locales) {
    await page.goto(pathInLocale(locale, `/product/${product?.slug}`));
    await page
      .getByRole('button', { name: /Legg i handlekurven|Add to cart/i })
      .first()
      .click();
    for (const [name, url] of signedIn)
      await capture(page, `store-${locale}-${name}`, pathInLocale(locale, url));
  }
});

test('the back office in both languages', async ({ page, request }) => {
  for (const locale of locales) {
    const session = await openBackOffice(page, request, '/dashboard', { locale });
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const firstId = async (url: string, key: string) => {
      const answer = (await (await request.get(url, { headers: auth })).json()) as Record<
        string,
        { _id?: string; id?: string }[]
      >;
      const first = answer[key]?.[0];
      return first?._id ?? first?.id;
    };
    const order = await firstId('/api/admin/orders', 'orders');
    const product = await firstId('/api/admin/products', 'products');
    const customer = await firstId('/api/admin/customers', 'customers');
    const details = [
      ...(order ? [`orders/${order}`] : []),
      ...(product ? [`products/${product}`] : []),
      ...(customer ? [`customers/${customer}`] : []),
    ];
    for (const screen of [...backOfficeScreens, ...details])
      await capture(page, `admin-${locale}-${screen.replaceAll('/', '-')}`, `/admin/${screen}`);
  }
});
