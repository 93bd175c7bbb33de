import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminCustomerPage, ProductDetail, SessionUser } from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  uniqueEmail,
  uniqueIp,
  strongPassword,
} from '../test/account-fixtures.js';
import {
  createBackOfficeTestApp,
  deliveredSocksOrder,
  socksOrder,
  type BackOfficeTestApp,
} from '../test/back-office-app.js';
import { required } from '../test/catalog-fixtures.js';
import { captureAtOrder } from '../test/checkout-fixtures.js';
import { notificationsDelivered } from '../test/notifications.js';
import { patiently } from '../test/wait-for.js';
import { CATALOGUE_WRITES_CHANNEL, CLEARS_CHANNEL } from './cache-invalidations.js';

// The owner's daily writes that change nothing a shopper is shown (an order's note, delivery or
// money, an enquiry's handling, a customer's block, the staff team) say so
// (`showsShoppersNothingNew`): an owner packing a day's orders would otherwise empty every
// process's kept pages at each click. Units an order gives back still reach the product page at
// once, through the catalogue's own notices.
let office: BackOfficeTestApp;
let customer: SessionUser;

beforeAll(async () => {
  office = await createBackOfficeTestApp({ RESPONSE_CACHE_SECONDS: '600' });
  customer = await createVerifiedUser(office.ctx.app, office.ctx.db);
  await captureAtOrder(office.ctx.db);
});
afterAll(() => office?.ctx.close());
// A checkout's stock and the fixture's writes clear every process when their notices arrive:
// before a test, not in the middle of it.
beforeEach(async () => {
  await notificationsDelivered(office.ctx.database, CATALOGUE_WRITES_CHANNEL);
  await notificationsDelivered(office.ctx.database, CLEARS_CHANNEL);
});

const shop = () => office.ctx.app.inject({ url: '/api/shop' });
const socksPage = () => office.ctx.app.inject({ url: '/api/products/wool-socks/slug' });
const socksStock = async () => (await socksPage()).json<ProductDetail>().stock;
const write = async (url: string, payload?: object) => {
  const answer = await office.ctx.app.inject({
    method: 'POST',
    url,
    headers: bearer(office.owner.session),
    ...(payload ? { payload } : {}),
  });
  expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(300);
};

/**
 * Runs the writes with the product page and the shop's details kept, and answers whether both
 * were still kept here after them and how many clears they told the other processes of: a
 * listener of the clears channel counts them until a marker sent after the writes arrives.
 */
async function keptThrough(writes: () => Promise<void>) {
  await shop();
  await socksPage();
  let published = 0;
  const stop = await office.ctx.database.listen(
    CLEARS_CHANNEL,
    (payload) => {
      // A clear's notice is empty; the marker below is not.
      if (payload === '') published += 1;
    },
    () => {},
  );
  try {
    await writes();
    const kept = [(await shop()).headers['x-cache'], (await socksPage()).headers['x-cache']];
    await notificationsDelivered(office.ctx.database, CLEARS_CHANNEL);
    return { kept, published };
  } finally {
    await stop();
  }
}

describe("the owner's daily writes that show shoppers nothing new", () => {
  it('keep every kept answer through an order packed, part shipped and noted', async () => {
    const { order, line: socksLine } = await socksOrder(office, customer, 2);
    await notificationsDelivered(office.ctx.database, CATALOGUE_WRITES_CHANNEL);
    const through = await keptThrough(async () => {
      await write(`/api/admin/orders/${order.id}/notes`, { text: 'Gift wrap, please' });
      await write(`/api/admin/orders/${order.id}/delivery`, { to: 'PACKED' });
      await write(`/api/admin/orders/${order.id}/shipments`, {
        lines: [{ orderLineId: socksLine.id, quantity: 1 }],
        carrier: 'Posten',
        trackingNumber: 'CP123456789NO',
      });
      await write(`/api/admin/orders/${order.id}/delivery`, {
        to: 'SHIPPED',
        carrier: 'Posten',
        trackingNumber: 'CP123456780NO',
      });
    });
    expect(through).toEqual({ kept: ['hit', 'hit'], published: 0 });
  });

  it("keep them through a customer's block and its lifting, a new verification link and an enquiry handled and answered", async () => {
    const email = uniqueEmail('unverified');
    const signup = await office.ctx.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/subscribers',
      payload: { name: 'Ola Nordmann', email, password: strongPassword, provider: 'local' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const found = await office.ctx.app.inject({
      url: `/api/admin/customers?q=${encodeURIComponent(email)}`,
      headers: bearer(office.owner.session),
    });
    const unverified = required(found.json<AdminCustomerPage>().customers[0], 'customer');
    const enquirer = uniqueEmail('enquirer');
    const sent = await office.ctx.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/notification/addenquiry',
      payload: {
        fullname: 'Åse Øren',
        email: enquirer,
        phone: '+47 912 34 567',
        message: 'Window cleaning twice a year?',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const inbox = await office.ctx.app.inject({
      url: `/api/admin/enquiries?q=${encodeURIComponent(enquirer)}`,
      headers: bearer(office.owner.session),
    });
    const enquiry = required(inbox.json<{ enquiries: { id: string }[] }>().enquiries[0], 'enquiry');
    const through = await keptThrough(async () => {
      await write(`/api/admin/customers/${unverified.id}/block`, { reason: 'Chargebacks' });
      await write(`/api/admin/customers/${unverified.id}/unblock`);
      await write(`/api/admin/customers/${unverified.id}/resend-verification`);
      await write(`/api/admin/enquiries/${enquiry.id}/replies`, { body: 'We can come in May.' });
      await write(`/api/admin/enquiries/${enquiry.id}/handled`, { note: 'Offer sent' });
    });
    expect(through).toEqual({ kept: ['hit', 'hit'], published: 0 });
  });

  it("keep them through the staff team's invitations, a role changed and a member removed", async () => {
    const through = await keptThrough(async () => {
      const invited = await office.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/staff/invitations',
        headers: bearer(office.owner.session),
        payload: { email: uniqueEmail('packer'), role: 'staff' },
      });
      expect(invited.statusCode, invited.body).toBe(200);
      const invitation = invited.json<{ id: string }>().id;
      const withdrawn = await office.ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/staff/invitations/${invitation}`,
        headers: bearer(office.owner.session),
      });
      expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
      const promoted = await office.ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${office.staff.id}/role`,
        headers: bearer(office.owner.session),
        payload: { role: 'owner' },
      });
      expect(promoted.statusCode, promoted.body).toBeLessThan(300);
      const removed = await office.ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/staff/${office.staff.id}`,
        headers: bearer(office.owner.session),
      });
      expect(removed.statusCode, removed.body).toBeLessThan(300);
    });
    expect(through).toEqual({ kept: ['hit', 'hit'], published: 0 });
  });

  it('still show the units a cancellation or a return puts back on the product page, through the catalogue’s notices', async () => {
    const before = await socksStock();
    const { order } = await socksOrder(office, customer, 1);
    await expect.poll(socksStock, patiently).toBe(before - 1);
    expect((await socksPage()).headers['x-cache']).toBe('hit');

    await write(`/api/admin/orders/${order.id}/cancel`, { reason: 'Out of wrapping paper' });
    await expect.poll(socksStock, patiently).toBe(before);

    const delivered = await deliveredSocksOrder(office, customer);
    await expect.poll(socksStock, patiently).toBe(before - 2);
    await write(`/api/admin/orders/${delivered.order.id}/refunds`, {
      kind: 'return',
      lines: [{ orderLineId: delivered.line.id, quantity: 2 }],
    });
    await expect.poll(socksStock, patiently).toBe(before);
  });
});
