import { adminOrderSchema, moneyFormat } from '@shop/shared';
import { expect, test } from './support/test.js';
import { createAccount } from './support/accounts.js';
import { findProduct } from './support/catalogue.js';
import { buyThroughApi } from './support/checkout.js';
import { openBackOffice } from './support/staff.js';

// Issue 32.3 in a browser: part of a home delivery leaves first and its share of the reserved
// payment is captured then; marking the order shipped sends and captures the rest.

const kroner = (ore: number) => moneyFormat('en', 'NOK', 2).format(ore / 100);

test('issue 32.3: staff ship part of an order, its share is captured, and shipping the rest captures the rest', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const item = await findProduct(
    request,
    'sells three of one item without options',
    (product) => product.options.length === 0 && product.stock >= 6 && product.orderLimit >= 3,
  );
  const shopper = await createAccount(request, { name: 'Petra Parts' });
  const placed = await buyThroughApi(request, shopper.email, item, 3, { storePickup: false });
  const number = placed.orderNumber;

  const session = await openBackOffice(page, request, `/orders/${placed._id}`);
  const storedOrder = async () =>
    adminOrderSchema.parse(
      await (
        await request.get(`/api/admin/orders/${placed._id}`, {
          headers: { authorization: `Bearer ${session.accessToken}` },
        })
      ).json(),
    );
  await expect(page.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
  const before = await storedOrder();
  const [orderLine] = before.lines;
  if (!orderLine) throw new Error('the order has no line');

  await page.getByRole('button', { name: 'Ship part of the order' }).click();
  const dialog = page.getByRole('dialog', { name: `Ship part of order #${number}` });
  await dialog.getByLabel(`Units of ${orderLine.name} to ship`).fill('1');
  await dialog.getByLabel('Carrier').fill('Posten');
  await dialog.getByLabel('Tracking number').fill(`PART${Date.now()}NO`);
  await dialog.getByRole('button', { name: 'Ship the chosen units' }).click();
  await expect(dialog).toBeHidden();

  // The first part: one unit and the shipping, the rest still reserved.
  const firstOre = orderLine.unitPriceOre + before.shippingOre;
  await expect(page.getByRole('status')).toContainText(
    `Part of order #${number} shipped; ${kroner(firstOre)} captured.`,
  );
  await expect(page.getByText('1 of 3 shipped')).toBeVisible();
  const afterPart = await storedOrder();
  expect(afterPart.payment).toMatchObject({ status: 'AUTHORISED', capturedOre: firstOre });
  expect(afterPart.deliveryStatus).toBe('PENDING');

  await page.getByRole('button', { name: 'Mark Packed' }).click();
  await page.getByRole('button', { name: 'Mark Shipped…' }).click();
  const ship = page.getByRole('dialog', { name: `Ship order #${number}` });
  await ship.getByLabel('Carrier').fill('Posten');
  await ship.getByLabel('Tracking number').fill(`REST${Date.now()}NO`);
  await ship.getByRole('button', { name: 'Mark Shipped' }).click();
  await expect(ship).toBeHidden();

  await expect
    .poll(async () => (await storedOrder()).payment)
    .toMatchObject({ status: 'CHARGED', capturedOre: before.grandTotalOre });
  const shipped = await storedOrder();
  expect(shipped.deliveryStatus).toBe('SHIPPED');
  expect(shipped.shipments.map((shipment) => shipment.amountOre)).toEqual([
    firstOre,
    before.grandTotalOre - firstOre,
  ]);
});
