import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePaymentResponse } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import {
  createPayment,
  line,
  payWithTestCard,
  placeOrder,
  saveOsloAddress,
} from '../../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { productItems, products } from '../catalog/catalog.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orderLines, orders } from './orders.tables.js';

// Issue 31.5, 31.7: an order's lines keep the product's name and options in the language the
// order was paid in, so its confirmation, receipt and My Orders name what the shopper saw.

let ctx: TestContext;
let catalog: CatalogFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  const shirt = required(catalog.products['hemp-t-shirt'], 'shirt');
  await ctx.db
    .update(products)
    .set({
      name: 'T-skjorte i hamp',
      nameEn: 'Hemp T-Shirt',
      options: [
        { name: 'Farge', values: ['Rød', 'Blå'] },
        { name: 'Størrelse', values: ['M', 'XL'] },
      ],
      optionsEn: [
        { name: 'Color', values: ['Red', 'Blue'] },
        { name: 'Size', values: ['M', 'XL'] },
      ],
    })
    .where(eq(products.id, shirt.id));
  const inBokmal: Record<string, string> = { Red: 'Rød', Blue: 'Blå' };
  for (const item of await ctx.db
    .select({ id: productItems.id, variants: productItems.variants })
    .from(productItems)
    .where(eq(productItems.productId, shirt.id))) {
    const { Color = '', Size = '' } = item.variants;
    await ctx.db
      .update(productItems)
      .set({ variants: { Farge: required(inBokmal[Color], Color), Størrelse: Size } })
      .where(eq(productItems.id, item.id));
  }
});
afterAll(() => ctx.close());

async function orderedLine(headers: Record<string, string>) {
  const user = await createVerifiedUser(ctx.app, ctx.db);
  await saveOsloAddress(ctx.app, user);
  const shirt = required(catalog.products['hemp-t-shirt'], 'shirt');
  const lines = [line(required(shirt.itemIds['Color=Red,Size=M'], 'red M'))];
  const created = await createPayment(ctx.app, user, lines, { headers });
  expect(created.statusCode, created.body).toBe(200);
  const { paymentId } = created.json<CreatePaymentResponse>();
  expect((await payWithTestCard(ctx.app, paymentId)).statusCode).toBe(200);
  expect((await placeOrder(ctx.app, user, paymentId, lines)).statusCode).toBe(201);
  const [stored] = await ctx.db
    .select({ name: orderLines.productName, variants: orderLines.variants })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.paymentId, paymentId));
  return stored;
}

describe("an order line's language", () => {
  it('is bokmål for an order paid from a Norwegian page', async () => {
    expect(await orderedLine({ 'accept-language': 'nb-NO,nb;q=0.9' })).toEqual({
      name: 'T-skjorte i hamp',
      variants: { Farge: 'Rød', Størrelse: 'M' },
    });
  });

  it('is English for an order paid from an English page or with no language asked', async () => {
    const english = { name: 'Hemp T-Shirt', variants: { Color: 'Red', Size: 'M' } };
    expect(await orderedLine({ 'accept-language': 'en' })).toEqual(english);
    expect(await orderedLine({})).toEqual(english);
  });
});
