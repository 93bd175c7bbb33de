import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ordersToPackSchema,
  shopSettingDefaults,
  type CreatePaymentResponse,
  type SessionUser,
} from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  deliveredCopy,
  uniqueEmail,
} from '../../test/account-fixtures.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import {
  createPayment,
  line,
  osloAddress,
  paidPayment,
  payWithTestCard,
  placeOrder,
  purchase,
  saveOsloAddress,
  testCards,
} from '../../test/checkout-fixtures.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { setSetting } from '../settings/settings.service.js';
import { orders } from './orders.tables.js';

// Issue 34.1: the shop is told of each new order by mail, once, with what to pack and where it
// goes; the back office counts the orders to pack. On each test database.

let office: BackOfficeTestApp;
let customer: SessionUser;

beforeAll(async () => {
  office = await createBackOfficeTestApp({ PAYMENT_SWEEP_MINUTES: '0' });
  customer = await createVerifiedUser(office.ctx.app, office.ctx.db, {
    email: uniqueEmail(),
    name: 'Kari Kunde',
  });
  await saveOsloAddress(office.ctx.app, customer);
});
afterAll(() => office.ctx.close());

const item = (slug: string) => required(office.catalog.products[slug], slug).defaultItemId;
const publicUrl = () => office.ctx.env.PUBLIC_URL.replace(/\/+$/, '');

async function orderOf(paymentId: string) {
  const [order] = await office.ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return required(order, 'order');
}

/** The shop's notices of an order, by the number their subject names. */
const noticesOf = (orderNumber: number) =>
  office.ctx.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, 'new-order-notice'),
        like(mailOutbox.subject, `Ny bestilling ${orderNumber} (%`),
      ),
    )
    .orderBy(asc(mailOutbox.recipient));

const allNotices = () => office.ctx.db.$count(mailOutbox, eq(mailOutbox.kind, 'new-order-notice'));

describe('the mail to the shop of a new order (issue 34.1)', () => {
  it('goes once to each recipient of the settings, with the lines, totals, customer, delivery address and a link to the order', async () => {
    await setSetting(office.ctx.db, 'orderMailRecipients', [
      'ordre@butikken.no',
      'lager@butikken.no',
    ]);
    const lines = [line(item('wool-socks'), 2)];
    const order = await orderOf(await purchase(office.ctx.app, customer, lines));

    const notices = await noticesOf(order.number);
    expect(notices.map((notice) => notice.recipient)).toEqual([
      'lager@butikken.no',
      'ordre@butikken.no',
    ]);
    const mail = required(
      await deliveredCopy(office.ctx.app, required(notices[0], 'notice').id),
      'mail',
    );
    expect(mail.subject).toMatch(new RegExp(`^Ny bestilling ${order.number} \\(sendes hjem\\): `));
    expect(mail.text).toContain(`Bestilling ${order.number} kom inn`);
    expect(mail.text).toContain('Kari Kunde');
    expect(mail.text).toContain(customer.email);
    expect(mail.text).toContain(osloAddress.phone);
    expect(mail.text).toMatch(/2 × Wool Socks\s+198,00\skr/);
    expect(mail.text).toContain('Totalt reservert');
    expect(mail.text).toContain('Sendes hjem til Kari Nordmann, Storgata 1, 0155 Oslo, Norge.');
    expect(mail.text).toContain(`${publicUrl()}/admin/orders/${order.id}`);
    expect(mail.html).toContain(`href="${publicUrl()}/admin/orders/${order.id}"`);
    // Written to the shop, in its language.
    expect(mail.html).toContain('<html lang="nb">');
  });

  it('is not sent again when the order is asked for again, nor twice when the shopper’s return and a retry meet', async () => {
    await setSetting(office.ctx.db, 'orderMailRecipients', ['ordre@butikken.no']);
    const lines = [line(item('green-tea'))];
    const payment = await paidPayment(office.ctx.app, customer, lines);
    const answers = await Promise.all([
      placeOrder(office.ctx.app, customer, payment.paymentId, lines),
      placeOrder(office.ctx.app, customer, payment.paymentId, lines),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const again = await placeOrder(office.ctx.app, customer, payment.paymentId, lines);
    expect(again.statusCode).toBe(201);

    const order = await orderOf(payment.paymentId);
    expect((await noticesOf(order.number)).map((notice) => notice.recipient)).toEqual([
      'ordre@butikken.no',
    ]);
  });

  it('goes to the shop’s own e-mail while no recipient is set, and says a store pickup is fetched', async () => {
    await setSetting(office.ctx.db, 'orderMailRecipients', []);
    const lines = [line(item('acacia-honey'))];
    const order = await orderOf(
      await purchase(office.ctx.app, customer, lines, { storePickup: true }),
    );

    const notices = await noticesOf(order.number);
    expect(notices.map((notice) => notice.recipient)).toEqual([
      shopSettingDefaults.shopDetails.email,
    ]);
    const mail = required(
      await deliveredCopy(office.ctx.app, required(notices[0], 'notice').id),
      'mail',
    );
    expect(mail.subject).toMatch(
      new RegExp(`^Ny bestilling ${order.number} \\(hentes i butikken\\)`),
    );
    expect(mail.text).toContain('1 × Acacia Honey');
    expect(mail.text).toContain('Hentes i butikken.');
    expect(mail.text).not.toContain('Sendes hjem til');
  });

  it('is not sent for a checkout that never became an order: unpaid, or declined', async () => {
    const before = await allNotices();
    const lines = [line(item('wool-socks'))];
    const unpaid = await createPayment(office.ctx.app, customer, lines);
    expect(unpaid.statusCode).toBe(200);
    const declined = await createPayment(office.ctx.app, customer, lines);
    const { paymentId } = declined.json<CreatePaymentResponse>();
    await payWithTestCard(office.ctx.app, paymentId, testCards.declined);
    const refused = await placeOrder(office.ctx.app, customer, paymentId, lines);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);

    expect(await allNotices()).toBe(before);
  });
});

describe('GET /api/admin/orders/to-pack (issue 34.1)', () => {
  const toPack = async (session = office.staff.session) => {
    const response = await office.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders/to-pack',
      headers: bearer(session),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { count } = ordersToPackSchema.parse(response.json());
    // The same orders as the list's own filter, which the badge opens.
    const list = await office.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders?toPack=true',
      headers: bearer(session),
    });
    expect(list.json<{ total: number }>().total).toBe(count);
    return count;
  };

  const move = async (orderId: string, to: string) => {
    const response = await office.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/delivery`,
      headers: bearer(office.staff.session),
      payload: to === 'SHIPPED' ? { to, carrier: 'Posten', trackingNumber: 'T1' } : { to },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('counts the orders paid or reserved and not yet packed, as they are bought, packed and sent', async () => {
    const start = await toPack();
    const reserved = await orderOf(
      await purchase(office.ctx.app, customer, [line(item('wool-socks'))]),
    );
    expect(reserved.paymentStatus).toBe('AUTHORISED');
    expect(await toPack()).toBe(start + 1);

    await setSetting(office.ctx.db, 'paymentCapture', 'ordered');
    const charged = await orderOf(
      await purchase(office.ctx.app, customer, [line(item('green-tea'))]),
    );
    await setSetting(office.ctx.db, 'paymentCapture', 'shipped');
    expect((await orderOf(charged.paymentId)).paymentStatus).toBe('CHARGED');
    expect(await toPack(office.owner.session)).toBe(start + 2);

    await move(reserved.id, 'PACKED');
    expect(await toPack()).toBe(start + 1);
    await move(reserved.id, 'SHIPPED');
    await move(charged.id, 'PACKED');
    expect(await toPack()).toBe(start);
  });

  it('is for staff only', async () => {
    const anonymous = await office.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders/to-pack',
    });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await office.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders/to-pack',
      headers: bearer(customer),
    });
    expect(shopper.statusCode).toBe(403);
  });
});
