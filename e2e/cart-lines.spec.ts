import { expect, test, type Locator, type Page } from './support/test.js';
import { allProducts, findProduct, product } from './support/catalogue.js';
import { en } from './support/english.js';

const line = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name });

// A <dd> takes no accessible name in Chromium: the amount is the one after its <dt>.
const amountAfter = (page: Page, name: string, label: string) =>
  line(page, name).locator(`dt:text-is("${label}") + dd`);

/** A finger's tap target: at least 44 × 44 px (WCAG 2.5.5). */
const expectTapTarget = async (target: Locator, name: string) => {
  await expect(target, name).toBeVisible();
  const box = await target.boundingBox();
  expect(box?.width, `${name} width`).toBeGreaterThanOrEqual(44);
  expect(box?.height, `${name} height`).toBeGreaterThanOrEqual(44);
};

const addToCart = async (page: Page, slug: string) => {
  await page.goto(en(`/product/${slug}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Product Added Successfully !!' }),
  ).toBeVisible();
};

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('CARTPG-05 every line shows its unit cost and sub-total on screen at 390 px (issue 10.1)', async ({
    page,
    request,
  }) => {
    const products = await allProducts(request);
    // The longest names with options make the widest lines.
    const [first, second] = products
      .filter((product) => product.stock > 0 && Object.keys(product.variants).length > 0)
      .sort((a, b) => b.name.length - a.name.length);
    if (!first || !second) throw new Error('the demo catalogue has no products with options');
    await addToCart(page, second.slug);
    await addToCart(page, first.slug);

    await page.goto(en('/cart'));
    for (const product of [first, second]) {
      for (const label of ['Unit cost', 'Sub-total']) {
        const amount = amountAfter(page, product.name, label);
        await expect(amount).toBeVisible();
        const box = await amount.boundingBox();
        if (!box) throw new Error(`${product.name}: ${label} is not shown`);
        // Across the screen, not below the fold: the page scrolls down but never sideways.
        expect(box.x, `${product.name}: ${label}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${product.name}: ${label}`).toBeLessThanOrEqual(390);
      }
    }
    const widths = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  });

  test('the quantity buttons, remove and the product page controls are tap targets of at least 44 × 44 px (issue 10.15)', async ({
    page,
    request,
  }) => {
    const item = await findProduct(
      request,
      'can be bought twice and has options',
      (product) => Math.min(product.stock, product.orderLimit) >= 3 && product.options.length > 0,
    );
    await page.goto(en(`/product/${item.slug}`));
    const main = page.getByRole('main');
    const optionValues = item.options.flatMap((option) => option.values);
    for (const name of ['Decrease quantity', 'Increase quantity', 'Add to cart', 'Buy Now'])
      await expectTapTarget(
        main.getByRole('button', { name, exact: true }),
        `product page ${name}`,
      );
    for (const value of optionValues)
      await expectTapTarget(
        main.getByRole('button', { name: value, exact: true }).first(),
        `product page option ${value}`,
      );
    await expectTapTarget(
      main.getByRole('link', { name: item.category.name, exact: true }),
      'product page category link',
    );

    await main.getByRole('button', { name: 'Add to cart' }).click();
    await expectTapTarget(page.getByRole('link', { name: 'View cart' }), 'View cart');
    await page.goto(en('/cart'));
    const cartLine = line(page, item.name);
    for (const name of [`Remove one ${item.name}`, `Add one ${item.name}`, `Remove ${item.name}`])
      await expectTapTarget(cartLine.getByRole('button', { name, exact: true }), name);
    await expectTapTarget(
      cartLine.getByRole('link', { name: item.name, exact: true }),
      'cart line name',
    );
    for (const name of ['clear cart', 'Checkout', 'Apply'])
      await expectTapTarget(main.getByRole('button', { name, exact: true }), name);
    await expectTapTarget(
      main.getByRole('link', { name: 'continue shopping' }),
      'continue shopping',
    );
  });
});

test('ERR-13 ERR-14 CART-08 plus stops at the order limit with its reason, and a line over the stock says so under it (issue 10.10)', async ({
  page,
  request,
}) => {
  const limited = await findProduct(
    request,
    'has an order limit below its stock',
    (product) => product.orderLimit > 1 && product.orderLimit < product.stock,
  );
  const scarce = await findProduct(
    request,
    'has less stock than its order limit',
    (product) =>
      product.stock > 0 && product.stock < product.orderLimit && product._id !== limited._id,
  );
  await addToCart(page, limited.slug);
  await addToCart(page, scarce.slug);
  // Another shopper bought some of the scarce item since it was added: the stored line now
  // asks for one more than the shop has. Its stock is read again: the catalogue above was read
  // once for this worker, and other journeys buy while it runs.
  const { stock } = await product(request, scarce.slug);
  await page.evaluate(
    ({ id, qty }) => {
      const stored = JSON.parse(localStorage.getItem('cart') ?? '[]') as {
        product: { _id: string };
        qty: number;
      }[];
      localStorage.setItem(
        'cart',
        JSON.stringify(
          stored.map((entry) => (entry.product._id === id ? { ...entry, qty } : entry)),
        ),
      );
    },
    { id: scarce._id, qty: stock + 1 },
  );
  await page.goto(en('/cart'));

  const overStock = line(page, scarce.name);
  await expect(overStock.getByRole('alert')).toHaveText(`${scarce.name} out of stock!`);
  const scarcePlus = overStock.getByRole('button', { name: `Add one ${scarce.name}` });
  await expect(scarcePlus).toBeDisabled();
  await expect(scarcePlus).toHaveAttribute('title', 'Stock limit reached');

  const limitedLine = line(page, limited.name);
  const plus = limitedLine.getByRole('button', { name: `Add one ${limited.name}` });
  for (let qty = 1; qty < limited.orderLimit; qty++) await plus.click();
  await expect(limitedLine.getByRole('status', { name: `Quantity of ${limited.name}` })).toHaveText(
    String(limited.orderLimit),
  );
  await expect(plus).toBeDisabled();
  await expect(plus).toHaveAttribute('title', 'Order limit reached');
  await expect(limitedLine.getByRole('alert')).toHaveCount(0);
  // Only the line's own message shows, nothing at the top of the page.
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(1);
});
