import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminCustomerPageSchema,
  adminEnquiryPageSchema,
  adminOrderListSchema,
  adminOrderSchema,
  type CartLineRequest,
  type Review,
  type SessionUser,
} from '@shop/shared';
import { rowsOf } from '../../db/statement.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import {
  bearer,
  createVerifiedUser,
  deliveredTo,
  strongPassword,
  uniqueIp,
} from '../../test/account-fixtures.js';
import { required } from '../../test/catalog-fixtures.js';
import {
  createPayment,
  line,
  payWithTestCard,
  captureAtOrder,
} from '../../test/checkout-fixtures.js';
import { patiently } from '../../test/wait-for.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { checkouts, orders } from '../orders/orders.tables.js';
import { forgetExpiredBuyers } from '../orders/orders.service.js';

/**
 * After an account is deleted, no text of any table names the customer: not their e-mail,
 * name, phone or address (issue 29.3), whatever they did while they had the account. The one
 * exception is what the bookkeeping law keeps: a sale's sales document names its buyer by
 * name and address (bokføringsforskriften § 5-1-1) for five years after the end of the year of
 * the sale (bokføringsloven § 13), in `orders.bookkeeping_buyer`, which no staff search reads.
 */

let app: BackOfficeTestApp;

beforeAll(async () => {
  app = await createBackOfficeTestApp();
  await captureAtOrder(app.ctx.db);
});
afterAll(() => app.ctx.close());

interface Person {
  name: string;
  email: string;
  phone: string;
  street: string;
  apartment: string;
}

/** Strings found nowhere else in the database, so any hit is this customer's. */
function person(first: string, last: string): Person {
  const tag = randomUUID().slice(0, 6);
  return {
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}.${tag}@kunde.no`,
    phone: `+47 9${tag.replace(/\D/g, '7').padEnd(7, '3').slice(0, 7)}`,
    street: `${last}veien ${tag.length + 11}`,
    apartment: `H0${tag.replace(/\D/g, '4').slice(0, 3)}`,
  };
}

const addressOf = (who: Person) => ({
  name: who.name,
  phone: who.phone,
  email: who.email,
  address: who.street,
  apartmentNumber: who.apartment,
  city: 'Oslo',
  country: 'NO',
  postalCode: '0155',
});

const product = (slug: string) => required(app.catalog.products[slug], slug);

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: { accessToken: string },
  payload?: object,
) {
  return app.ctx.app.inject({
    method,
    url,
    remoteAddress: uniqueIp(),
    headers: bearer(user),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function ok(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: { accessToken: string },
  payload?: object,
) {
  const response = await call(method, url, user, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

/** Pays and places an order with the customer's own address, as the storefront does. */
async function buy(user: SessionUser, who: Person, lines: CartLineRequest[]) {
  const created = await createPayment(app.ctx.app, user, lines);
  expect(created.statusCode, created.body).toBe(200);
  const { paymentId } = created.json<{ paymentId: string }>();
  expect((await payWithTestCard(app.ctx.app, paymentId)).statusCode).toBe(200);
  await ok('POST', '/api/orders', user, {
    subscriberId: user._id,
    orderItems: lines,
    paymentType: 'CASH',
    shippingDetails: addressOf(who),
    billingDetails: addressOf(who),
    shippingPrice: 0,
    storePickup: false,
    paymentId,
  });
  const [order] = await app.ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return required(order, 'order');
}

/**
 * A customer who did everything the shop keeps something of: a profile with phone and address,
 * saved delivery details, a wishlist, orders (shipped, refunded, a cancelled one never charged),
 * reviews, an enquiry with a reply, reset and order mails, a block and an export by the owner.
 */
async function customerWithHistory(who: Person) {
  const user = await createVerifiedUser(app.ctx.app, app.ctx.db, {
    email: who.email,
    name: who.name,
  });
  await ok('PUT', `/api/subscribers/${user._id}`, user, {
    name: who.name,
    phone: who.phone,
    address: who.street,
    apartmentNumber: who.apartment,
    postalCode: '0155',
    city: 'Oslo',
    country: 'NO',
  });
  await ok('POST', '/api/orders/shippingDetails', user, {
    shippingDetails: addressOf(who),
    billingAddress: addressOf(who),
  });
  await ok('PUT', '/api/products/wishlist', user, {
    productId: product('green-tea').defaultItemId,
  });

  const sold = await buy(user, who, [line(product('wool-socks').defaultItemId, 2)]);
  const owner = app.owner.session;
  await ok('POST', `/api/admin/orders/${sold.id}/delivery`, owner, { to: 'PACKED' });
  await ok('POST', `/api/admin/orders/${sold.id}/delivery`, owner, {
    to: 'SHIPPED',
    carrier: 'Posten',
    trackingNumber: 'TRACK-29-3',
  });
  await ok('POST', `/api/admin/orders/${sold.id}/notes`, owner, {
    // What staff write can name the customer too (issue 29.3).
    text: `Gift wrapped for ${who.name}; call ${who.phone} at the door.`,
  });
  await ok('POST', `/api/admin/orders/${sold.id}/refunds`, owner, {
    kind: 'goodwill',
    amountOre: 500,
    note: `Late parcel to ${who.street}, ${who.name.split(' ')[0] ?? ''} was kind about it`,
  });
  // An order whose charge failed, then cancelled: the reservation released, nothing sold.
  const charge = vi
    .spyOn(app.ctx.app.paymentProvider, 'charge')
    .mockRejectedValueOnce(new Error('the provider is down'));
  let unsold: Awaited<ReturnType<typeof buy>>;
  try {
    unsold = await buy(user, who, [line(product('acacia-honey').defaultItemId)]);
  } finally {
    charge.mockRestore();
  }
  await ok('POST', `/api/admin/orders/${unsold.id}/cancel`, owner, {
    reason: `Out of stock; ${who.email} told`,
  });

  const review = await ok('POST', `/api/reviews/${product('wool-socks').id}`, user, {
    rating: 5,
    review: `Warm socks, says ${who.name}.`,
    images: [],
  });
  await ok('POST', `/api/admin/reviews/${review.json<Review>()._id}/accept`, owner);

  const enquiry = await app.ctx.app.inject({
    method: 'POST',
    url: '/api/notification/addenquiry',
    remoteAddress: uniqueIp(),
    payload: {
      fullname: who.name,
      email: who.email,
      phone: who.phone,
      message: `Please clean ${who.street}, ${who.apartment}.`,
    },
  });
  expect(enquiry.statusCode).toBe(201);
  const inbox = adminEnquiryPageSchema.parse(
    (await ok('GET', `/api/admin/enquiries?q=${encodeURIComponent(who.email)}`, owner)).json(),
  );
  const enquiryId = required(inbox.enquiries[0], 'enquiry').id;
  await ok('POST', `/api/admin/enquiries/${enquiryId}/replies`, owner, {
    body: `Hi ${who.name}, we can come on Monday.`,
  });
  await ok('POST', `/api/admin/enquiries/${enquiryId}/handled`, owner, { note: 'Booked.' });

  await app.ctx.app.inject({
    method: 'POST',
    url: '/api/subscribers/forgot-password',
    remoteAddress: uniqueIp(),
    payload: { email: who.email },
  });
  await ok('POST', `/api/admin/customers/${user._id}/block`, owner, {
    reason: `Chargebacks from ${who.email}`,
  });
  await ok('POST', `/api/admin/customers/${user._id}/unblock`, owner);
  await ok('GET', `/api/admin/customers/${user._id}/export`, owner);
  // The block ended the customer's sessions: they sign in again.
  const login = await app.ctx.app.inject({
    method: 'POST',
    url: '/api/subscribers/login',
    remoteAddress: uniqueIp(),
    payload: { email: who.email, password: strongPassword },
  });
  expect(login.statusCode, login.body).toBe(200);
  // Every mail about the customer has gone out before the deletion, as it would have.
  await vi.waitFor(async () => {
    const pending = await app.ctx.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    expect(pending).toEqual([]);
  }, patiently);
  return { user: login.json<SessionUser>(), sold, unsold };
}

/** Every text column of every table (text, varchar, json, jsonb, arrays of them), by table. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  const rows = rowsOf<{ table_name: string; column_name: string }>(
    await app.ctx.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()
        and (data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
          or (data_type = 'ARRAY' and udt_name in ('_text', '_varchar', '_jsonb')))
      order by table_name, column_name`),
  );
  return rows.map((row) => ({ table: row.table_name, column: row.column_name }));
}

/** `table.column: needle` for each of the person's strings found anywhere, ignoring case. */
async function traces(who: Person): Promise<string[]> {
  const needles = Object.entries(who) as [keyof Person, string][];
  const columns = await textColumns();
  expect(columns.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const { table, column } of columns) {
    const counts = sql.join(
      needles.map(
        ([part, needle]) =>
          sql`count(*) filter (where ${sql.identifier(column)}::text ilike ${`%${needle}%`})::int as ${sql.identifier(part)}`,
      ),
      sql`, `,
    );
    const [row] = rowsOf<Record<string, number>>(
      await app.ctx.db.execute(sql`select ${counts} from ${sql.identifier(table)}`),
    );
    for (const [part, count] of Object.entries(row ?? {}))
      if (count > 0) found.push(`${table}.${column}: ${part}`);
  }
  return found.sort();
}

/** What staff searches find of the person in the back office. */
async function staffSearches(who: Person) {
  const owner = app.owner.session;
  const hits: string[] = [];
  for (const term of [who.email, who.name, who.street, who.phone]) {
    const q = encodeURIComponent(term);
    const orderList = adminOrderListSchema.parse(
      (await ok('GET', `/api/admin/orders?q=${q}`, owner)).json(),
    );
    const customers = adminCustomerPageSchema.parse(
      (await ok('GET', `/api/admin/customers?q=${q}`, owner)).json(),
    );
    const enquiries = adminEnquiryPageSchema.parse(
      (await ok('GET', `/api/admin/enquiries?q=${q}`, owner)).json(),
    );
    if (orderList.total > 0) hits.push(`orders ${term}`);
    if (customers.total > 0) hits.push(`customers ${term}`);
    if (enquiries.total > 0) hits.push(`enquiries ${term}`);
  }
  return hits;
}

/** The deletion's goodbye mail has gone out: its row no longer waits. */
async function goodbyeSent(who: Person) {
  expect((await deliveredTo(app.ctx.app, 'account-deleted', who.email)).subject).toContain(
    'account was deleted',
  );
  await vi.waitFor(async () => {
    const [waiting] = await app.ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    expect(waiting?.count).toBe(0);
  }, patiently);
}

/** The kept buyer of a sale: its name and address, what the law asks of a sales document. */
const keptBuyer = ['name', 'street', 'apartment']
  .map((part) => `orders.bookkeeping_buyer: ${part}`)
  .sort();

describe('deleting an account leaves no trace of the customer (issue 29.3)', () => {
  it('the customer deletes their own account: only a sale keeps its buyer’s name and address, out of every staff search, until its five years are over', async () => {
    const who = person('Perpetua', 'Kundeby');
    const { user, sold, unsold } = await customerWithHistory(who);
    expect((await traces(who)).length).toBeGreaterThan(10);
    expect(await staffSearches(who)).not.toEqual([]);

    const deleted = await call('DELETE', '/api/subscribers/profile', user, { email: who.email });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await goodbyeSent(who);

    expect(await traces(who)).toEqual(keptBuyer);
    expect(await staffSearches(who)).toEqual([]);
    // The receipt still names the buyer: the order opened by its id shows the kept address.
    const receipt = adminOrderSchema.parse(
      (await ok('GET', `/api/admin/orders/${sold.id}`, app.owner.session)).json(),
    );
    expect(receipt.billingDetails).toEqual({
      ...addressOf(who),
      email: '',
      phone: '',
    });
    expect(receipt.shippingDetails).toBeNull();
    const [never] = await app.ctx.db.select().from(orders).where(eq(orders.id, unsold.id));
    expect(never).toMatchObject({ paymentStatus: 'CANCELLED', bookkeepingBuyer: null });
    const openCheckouts = await app.ctx.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, sold.checkoutId));
    expect(openCheckouts).toEqual([
      expect.objectContaining({ postalCode: '', shippingDetails: null, billingDetails: null }),
    ]);

    // The law keeps it five years after the end of the year of the sale, and no longer.
    const charged = required(sold.chargedAt, 'chargedAt');
    const lastKeptDay = new Date(Date.UTC(charged.getUTCFullYear() + 5, 11, 31, 12));
    expect(await forgetExpiredBuyers(app.ctx.db, lastKeptDay)).toBe(0);
    expect(await traces(who)).toEqual(keptBuyer);
    const dayAfter = new Date(Date.UTC(charged.getUTCFullYear() + 6, 0, 1, 12));
    expect(await forgetExpiredBuyers(app.ctx.db, dayAfter)).toBe(1);
    expect(await traces(who)).toEqual([]);
  }, 180_000);

  it('the owner deletes the account from the back office: the same, and the audit log names it by id alone', async () => {
    const who = person('Gunnvor', 'Sletteli');
    const { user } = await customerWithHistory(who);
    const deleted = await call('DELETE', `/api/admin/customers/${user._id}`, app.owner.session);
    expect(deleted.statusCode, deleted.body).toBe(204);
    await goodbyeSent(who);
    expect(await traces(who)).toEqual(keptBuyer);
    expect(await staffSearches(who)).toEqual([]);
  }, 180_000);
});
