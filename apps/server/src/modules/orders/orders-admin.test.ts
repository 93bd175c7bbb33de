import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOrderListSchema,
  adminOrderMessages,
  adminOrderSchema,
  deliveryStatuses,
  ordersResponseSchema,
  shopDay,
  type AdminOrder,
  type DeliveryStatus,
  type Order,
  type SessionUser,
} from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  receivedMail,
  uniqueEmail,
} from '../../test/account-fixtures.js';
import { required, type CatalogFixture } from '../../test/catalog-fixtures.js';
import {
  line,
  paidPayment,
  placeOrder,
  saveOsloAddress,
  captureAtOrder,
} from '../../test/checkout-fixtures.js';
import type { StaffMember } from '../../test/staff-session.js';
import { createBackOfficeTestApp } from '../../test/back-office-app.js';
import type { TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { productItems } from '../catalog/catalog.tables.js';
import { mailOutbox } from '../mail/mail.tables.js';

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let staff: StaffMember;

beforeAll(async () => {
  ({ ctx, catalog, owner, staff } = await createBackOfficeTestApp());
  await captureAtOrder(ctx.db);
});
afterAll(() => ctx.close());

const item = (slug: string) =>
  required(catalog.products[slug]?.defaultItemId, `the default item of ${slug}`);

async function shopper(name = 'Kari Nordmann'): Promise<SessionUser> {
  const user = await createVerifiedUser(ctx.app, ctx.db, { name, email: uniqueEmail('buyer') });
  await saveOsloAddress(ctx.app, user);
  return user;
}

async function buy(
  user: SessionUser,
  { storePickup = false, slug = 'green-tea', qty = 1 } = {},
): Promise<Order> {
  const lines = [line(item(slug), qty)];
  const payment = await paidPayment(ctx.app, user, lines, { storePickup });
  const placed = await placeOrder(ctx.app, user, payment.paymentId, lines, { storePickup });
  if (placed.statusCode !== 201) throw new Error(`placing the order failed: ${placed.body}`);
  return placed.json<Order>();
}

/** Whose bearer token a call carries; null for none. */
type Caller = { accessToken: string } | null;

function call(
  method: 'GET' | 'POST',
  url: string,
  { as = owner.session as Caller, payload }: { as?: Caller; payload?: object } = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: as ? bearer(as) : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

async function list(query: string) {
  const response = await call('GET', `/api/admin/orders?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return adminOrderListSchema.parse(response.json());
}

async function detail(orderId: string): Promise<AdminOrder> {
  const response = await call('GET', `/api/admin/orders/${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return adminOrderSchema.parse(response.json());
}

const shipping = {
  carrier: 'Posten',
  trackingNumber: 'CP123456789NO',
  trackingUrl: 'https://sporing.posten.no/sporing/CP123456789NO',
};

const move = (orderId: string, to: DeliveryStatus, as: Caller = staff.session) =>
  call('POST', `/api/admin/orders/${orderId}/delivery`, {
    as,
    payload: to === 'SHIPPED' ? { to, ...shipping } : { to },
  });

describe('the order timeline (issue 13)', () => {
  it('a new order starts its timeline with created and the queued confirmation mail (issue 13)', async () => {
    const user = await shopper();
    const order = await buy(user);
    const { timeline } = await detail(order._id);
    expect(timeline.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'created', actorEmail: null, detail: {} }),
      expect.objectContaining({
        kind: 'mail',
        actorEmail: null,
        detail: {
          template: 'order-confirmation',
          to: user.email,
          subject: `Your Nordic Trading order ${order.orderNumber}`,
        },
      }),
    ]);
    expect(timeline.filter((event) => event.kind === 'created')).toHaveLength(1);
  });
});

describe('GET /api/admin/orders/:id (issue 13)', () => {
  it('answers the lines with their snapshot and SKU, totals, payment, customer and the legal moves (issue 13)', async () => {
    const user = await shopper('Detail Dahl');
    const lines = [line(item('green-tea'), 2), line(item('acacia-honey'))];
    const payment = await paidPayment(ctx.app, user, lines);
    const order = (await placeOrder(ctx.app, user, payment.paymentId, lines)).json<Order>();
    const found = await detail(order._id);
    const [tea] = await ctx.db
      .select({ sku: productItems.sku })
      .from(productItems)
      .where(eq(productItems.id, item('green-tea')));
    expect(found).toMatchObject({
      id: order._id,
      number: order.orderNumber,
      deliveryMethod: 'home',
      deliveryStatus: 'PENDING',
      allowedDeliveryMoves: ['PACKED'],
      carrier: null,
      trackingNumber: null,
      refundedOre: 0,
      couponCode: null,
      refunds: [],
      customer: { name: 'Detail Dahl', email: user.email },
      payment: { provider: 'test', paymentId: payment.paymentId, status: 'CHARGED' },
      shippingDetails: { city: 'Oslo', postalCode: '0155' },
    });
    expect(
      found.lines.map(({ name, quantity, sku, vatPercent, returnedQuantity }) => ({
        name,
        quantity,
        sku,
        vatPercent,
        returnedQuantity,
      })),
    ).toEqual([
      { name: 'Green Tea', quantity: 2, sku: tea?.sku, vatPercent: 15, returnedQuantity: 0 },
      {
        name: 'Acacia Honey',
        quantity: 1,
        sku: expect.any(String),
        vatPercent: 15,
        returnedQuantity: 0,
      },
    ]);
    expect(found.lines[0]).toMatchObject({
      listPriceOre: 7_900,
      unitPriceOre: 7_900,
      lineTotalOre: 15_800,
      image: '/products/green-tea.webp',
    });
    expect(found.itemsTotalOre - found.discountOre + found.shippingOre).toBe(found.grandTotalOre);
    // Food only, so its shipping is at food's 15 % too, VAT worked out line by line (issue 29).
    expect(found.shippingOre).toBeGreaterThan(0);
    expect(found.shippingByRate).toEqual([{ rate: 15, grossOre: found.shippingOre }]);
    const vat15 = (grossOre: number) => Math.round((grossOre * 15) / 115);
    expect(found.vatLines).toEqual([
      { rate: 15, amountOre: vat15(15_800) + vat15(14_900) + vat15(found.shippingOre) },
    ]);
    expect(found.grandTotalOre).toBe(Math.round(payment.amount * 100));
  });

  it('answers 404 for an unknown order and 400 with the field for a malformed id (issue 13)', async () => {
    const unknown = await call('GET', '/api/admin/orders/0b6c1f5e-2a77-4d0e-9d1a-3c5f7e9a1b2c');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: adminOrderMessages.notFound });
    const malformed = await call('GET', '/api/admin/orders/10001');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toHaveProperty('id');
  });
});

describe('GET /api/admin/orders (issue 13)', () => {
  let first: Order;
  let second: Order;
  let pickup: Order;
  let other: Order;
  // Letters only: the name rule refuses digits.
  const family = `Listersen${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => String.fromCharCode(103 + Number(digit)))}`;
  beforeAll(async () => {
    const user = await shopper(`Lise ${family}`);
    first = await buy(user, { qty: 3 });
    second = await buy(user, { slug: 'ethiopian-coffee-beans' });
    pickup = await buy(user, { storePickup: true });
    other = await buy(await shopper(`Ola ${family}`));
    expect((await move(second._id, 'PACKED')).statusCode).toBe(200);
  });

  it('finds orders by number, part of the e-mail and part of the name (issue 13)', async () => {
    const byNumber = await list(`q=${first.orderNumber}`);
    expect(byNumber.orders.map((row) => row.id)).toEqual([first._id]);
    expect(byNumber.orders[0]).toMatchObject({
      number: first.orderNumber,
      customerName: `Lise ${family}`,
      itemCount: 3,
      grandTotalOre: Math.round(first.grandTotal * 100),
      paymentStatus: 'CHARGED',
      deliveryStatus: 'PENDING',
      deliveryMethod: 'home',
    });
    expect(byNumber.orders[0]?.customerEmail).toMatch(/^buyer\./);
    const byName = await list(`q=${family.toLowerCase()}`);
    expect(byName.total).toBe(4);
    const email = byNumber.orders[0]?.customerEmail ?? '';
    const byEmail = await list(`q=${encodeURIComponent(email.slice(0, -4).toUpperCase())}`);
    expect(byEmail.orders.map((row) => row.id).sort()).toEqual(
      [first._id, second._id, pickup._id].sort(),
    );
    expect((await list('q=100%25_')).total).toBe(0);
  });

  it('filters by delivery state, payment state, delivery method and Oslo days (issue 13)', async () => {
    const q = `q=${family}`;
    expect((await list(`${q}&deliveryStatus=PACKED`)).orders.map((row) => row.id)).toEqual([
      second._id,
    ]);
    expect((await list(`${q}&delivery=pickup`)).orders.map((row) => row.id)).toEqual([pickup._id]);
    expect((await list(`${q}&delivery=home`)).total).toBe(3);
    expect((await list(`${q}&paymentStatus=CHARGED`)).total).toBe(4);
    expect((await list(`${q}&paymentStatus=REFUNDED`)).total).toBe(0);
    // Waiting to be packed: paid and PENDING; the packed one is not.
    expect((await list(`${q}&toPack=true`)).orders.map((row) => row.id).sort()).toEqual(
      [first._id, pickup._id, other._id].sort(),
    );
    expect((await list(`${q}&toPack=false`)).orders.map((row) => row.id)).toEqual([second._id]);
    const today = shopDay(new Date());
    const tomorrow = shopDay(new Date(Date.now() + 86_400_000));
    const yesterday = shopDay(new Date(Date.now() - 86_400_000));
    expect((await list(`${q}&from=${today}&to=${today}`)).total).toBe(4);
    expect((await list(`${q}&from=${tomorrow}`)).total).toBe(0);
    expect((await list(`${q}&to=${yesterday}`)).total).toBe(0);
  });

  it('sorts by date, number and total and pages (issue 13)', async () => {
    const q = `q=${family}`;
    const numbers = [first, second, pickup, other].map((order) => order.orderNumber);
    const newestFirst = await list(q);
    expect(newestFirst.orders.map((row) => row.number)).toEqual([...numbers].reverse());
    const byNumber = await list(`${q}&sort=number&order=asc`);
    expect(byNumber.orders.map((row) => row.number)).toEqual(numbers);
    const byTotal = await list(`${q}&sort=total`);
    const totals = byTotal.orders.map((row) => row.grandTotalOre);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const page = await list(`${q}&sort=number&order=asc&pageSize=2&page=2`);
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(page.orders.map((row) => row.number)).toEqual(numbers.slice(2));
  });

  it('answers bad filters with 400 and their fields, never 500 (issue 13)', async () => {
    for (const [query, field] of [
      ['pageSize=1000', 'pageSize'],
      ['page=0', 'page'],
      ['deliveryStatus=LOST', 'deliveryStatus'],
      ['paymentStatus=x', 'paymentStatus'],
      ['delivery=drone', 'delivery'],
      ['from=31.03.2025', 'from'],
      ['from=2025-04-02&to=2025-04-01', 'from'],
      ['sort=name', 'sort'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['q=a%00b', 'q'],
    ] as const) {
      const response = await call('GET', `/api/admin/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}), query).toContain(field);
    }
  });
});

/** The moves the back office may make from each state, for each kind of delivery. */
const legalMoves: Record<'home' | 'pickup', Partial<Record<DeliveryStatus, DeliveryStatus>>> = {
  home: { PENDING: 'PACKED', PACKED: 'SHIPPED', SHIPPED: 'DELIVERED' },
  pickup: { PENDING: 'PACKED', PACKED: 'READY_FOR_PICKUP', READY_FOR_PICKUP: 'PICKED_UP' },
};

/** Every move but the legal one is refused with its message, and changes nothing. */
async function expectOnlyLegalMove(orderId: string, from: DeliveryStatus, legal?: DeliveryStatus) {
  for (const to of deliveryStatuses) {
    if (to === legal) continue;
    const response = await move(orderId, to);
    expect(response.statusCode, `${from} → ${to}`).toBe(400);
    expect(response.json().message, `${from} → ${to}`).toBe(
      to === 'CANCELLED'
        ? adminOrderMessages.cancelElsewhere
        : adminOrderMessages.illegalMove(from, to),
    );
    expect(response.json().fieldErrors).toHaveProperty('to');
  }
  expect((await detail(orderId)).deliveryStatus).toBe(from);
}

describe('POST /api/admin/orders/:id/delivery (issue 13)', () => {
  it('moves a home delivery PENDING → PACKED → SHIPPED → DELIVERED and refuses every other move (issue 13)', async () => {
    const user = await shopper();
    const order = await buy(user);
    let state: DeliveryStatus = 'PENDING';
    const seen: DeliveryStatus[] = [];
    for (;;) {
      const legal: DeliveryStatus | undefined = legalMoves.home[state];
      await expectOnlyLegalMove(order._id, state, legal);
      if (!legal) break;
      const moved = await move(order._id, legal);
      expect(moved.statusCode, moved.body).toBe(200);
      const answer = adminOrderSchema.parse(moved.json());
      expect(answer.deliveryStatus).toBe(legal);
      const next = legalMoves.home[legal];
      expect(answer.allowedDeliveryMoves).toEqual(next ? [next] : []);
      seen.push(legal);
      state = legal;
    }
    expect(seen).toEqual(['PACKED', 'SHIPPED', 'DELIVERED']);

    const found = await detail(order._id);
    expect(found).toMatchObject(shipping);
    const deliveries = found.timeline.filter((event) => event.kind === 'delivery');
    expect(
      deliveries.map((event) => [event.detail.from, event.detail.to, event.actorEmail]),
    ).toEqual([
      ['PENDING', 'PACKED', staff.email],
      ['PACKED', 'SHIPPED', staff.email],
      ['SHIPPED', 'DELIVERED', staff.email],
    ]);
    expect(deliveries[1]?.detail).toMatchObject(shipping);
    const mails = found.timeline.filter((event) => event.kind === 'mail');
    expect(mails.map((event) => [event.detail.template, event.actorEmail])).toEqual([
      ['order-confirmation', null],
      ['order-shipped', staff.email],
      ['order-delivered', staff.email],
    ]);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order._id), eq(auditLog.action, 'move-delivery')));
    expect(audits.map((row) => [row.actorEmail, row.changes?.deliveryStatus])).toEqual([
      [staff.email, { from: 'PENDING', to: 'PACKED' }],
      [staff.email, { from: 'PACKED', to: 'SHIPPED' }],
      [staff.email, { from: 'SHIPPED', to: 'DELIVERED' }],
    ]);
    expect(await ctx.db.$count(mailOutbox, eq(mailOutbox.recipient, user.email))).toBe(4);
  });

  it('mails the carrier, tracking number and tracking link when shipped; My Orders shows SHIPPED (issue 13)', async () => {
    const user = await shopper();
    const order = await buy(user);
    expect((await move(order._id, 'PACKED')).statusCode).toBe(200);
    expect((await move(order._id, 'SHIPPED')).statusCode).toBe(200);
    const mail = await receivedMail(ctx.app, user.email, 'order-shipped');
    expect(mail?.subject).toBe(`Your Nordic Trading order ${order.orderNumber} is on its way`);
    expect(mail?.text).toContain(`Your order ${order.orderNumber} has been shipped.`);
    expect(mail?.text).toMatch(/Carrier\s+Posten/);
    expect(mail?.text).toMatch(/Tracking number\s+CP123456789NO/);
    expect(mail?.text).toContain(`Track your parcel:\n${shipping.trackingUrl}`);
    expect(mail?.html).toContain(`href="${shipping.trackingUrl}"`);
    const mine = await call('GET', '/api/subscribers/orders', { as: user });
    const { orders } = ordersResponseSchema.parse(mine.json());
    expect(orders.find((listed) => listed._id === order._id)?.deliveryStatus).toBe('SHIPPED');
  });

  it('moves a store pickup PENDING → PACKED → READY_FOR_PICKUP → PICKED_UP and mails where to fetch it (issue 13)', async () => {
    const user = await shopper();
    const order = await buy(user, { storePickup: true });
    let state: DeliveryStatus = 'PENDING';
    for (;;) {
      const legal: DeliveryStatus | undefined = legalMoves.pickup[state];
      await expectOnlyLegalMove(order._id, state, legal);
      if (!legal) break;
      const moved = await move(order._id, legal);
      expect(moved.statusCode, moved.body).toBe(200);
      state = legal;
    }
    expect(state).toBe('PICKED_UP');
    const ready = await receivedMail(ctx.app, user.email, 'order-ready-for-pickup');
    expect(ready?.subject).toBe(
      `Your Nordic Trading order ${order.orderNumber} is ready for pickup`,
    );
    expect(ready?.text).toContain('Storgata 12, 0155 Oslo, Norway');
    expect(ready?.text).toContain('Monday–Friday 10:00–18:00');
    expect((await receivedMail(ctx.app, user.email, 'order-picked-up'))?.text).toContain(
      `Thank you for picking up your order ${order.orderNumber}`,
    );
    const found = await detail(order._id);
    expect(found.carrier).toBeNull();
    expect(
      found.timeline.filter((event) => event.kind === 'mail').map((event) => event.detail.template),
    ).toEqual(['order-confirmation', 'order-ready-for-pickup', 'order-picked-up']);
  });

  it('refuses shipping without carrier or tracking number, a tracking link that is not https, and tracking on other moves (issue 13)', async () => {
    const order = await buy(await shopper());
    expect((await move(order._id, 'PACKED')).statusCode).toBe(200);
    const url = `/api/admin/orders/${order._id}/delivery`;
    const cases: [object, Record<string, string>][] = [
      [
        { to: 'SHIPPED' },
        {
          carrier: adminOrderMessages.carrierRequired,
          trackingNumber: adminOrderMessages.trackingNumberRequired,
        },
      ],
      [
        { to: 'SHIPPED', carrier: '  ', trackingNumber: 'CP1' },
        { carrier: adminOrderMessages.carrierRequired },
      ],
      [
        { ...shipping, to: 'SHIPPED', trackingUrl: 'http://sporing.posten.no/x' },
        { trackingUrl: adminOrderMessages.trackingUrl },
      ],
      [
        { ...shipping, to: 'SHIPPED', trackingUrl: 'javascript:alert(1)' },
        { trackingUrl: adminOrderMessages.trackingUrl },
      ],
      [
        { ...shipping, to: 'SHIPPED', carrier: 'x'.repeat(101) },
        { carrier: 'carrier must be at most 100 characters' },
      ],
      [
        { to: 'DELIVERED', carrier: 'Posten' },
        { carrier: adminOrderMessages.trackingOnlyWhenShipped },
      ],
      [{ to: 'LOST' }, { to: expect.any(String) as unknown as string }],
      [
        { ...shipping, to: 'SHIPPED', carrier: 'Pos\u0000ten' },
        { carrier: expect.any(String) as unknown as string },
      ],
    ];
    for (const [payload, fieldErrors] of cases) {
      const response = await call('POST', url, { as: staff.session, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors, JSON.stringify(payload)).toEqual(fieldErrors);
    }
    expect((await detail(order._id)).deliveryStatus).toBe('PACKED');
    const shippedWithoutLink = await call('POST', url, {
      as: staff.session,
      payload: { to: 'SHIPPED', carrier: ' Bring ', trackingNumber: '70701234', trackingUrl: '' },
    });
    expect(shippedWithoutLink.statusCode).toBe(200);
    expect(shippedWithoutLink.json()).toMatchObject({
      carrier: 'Bring',
      trackingNumber: '70701234',
      trackingUrl: null,
    });
  });

  it('answers 404 for an unknown order (issue 13)', async () => {
    const response = await move('0b6c1f5e-2a77-4d0e-9d1a-3c5f7e9a1b2c', 'PACKED');
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/admin/orders/:id/notes (issue 13)', () => {
  it('adds an internal note with its author to the timeline and the audit log (issue 13)', async () => {
    const order = await buy(await shopper());
    const text = 'Customer called:\nplease gift-wrap the tea.';
    const response = await call('POST', `/api/admin/orders/${order._id}/notes`, {
      as: staff.session,
      payload: { text: `  ${text}  ` },
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = adminOrderSchema.parse(response.json());
    expect(answer.timeline.at(-1)).toMatchObject({
      kind: 'note',
      detail: { text },
      actorEmail: staff.email,
    });
    expect((await detail(order._id)).timeline.at(-1)?.detail).toEqual({ text });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order._id), eq(auditLog.action, 'add-note')));
    expect(audit).toMatchObject({ actorEmail: staff.email, entity: 'order' });
  });

  it('refuses an empty, too long or malformed note and an unknown order (issue 13)', async () => {
    const order = await buy(await shopper());
    const url = `/api/admin/orders/${order._id}/notes`;
    for (const [payload, message] of [
      [{ text: '   ' }, adminOrderMessages.noteRequired],
      [{ text: 'x'.repeat(2001) }, adminOrderMessages.noteTooLong],
      [{ text: 'a\u0000b' }, 'contains characters that are not allowed'],
      [{}, 'text is required'],
    ] as const) {
      const response = await call('POST', url, { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors).toEqual({ text: message });
    }
    expect((await detail(order._id)).timeline.some((event) => event.kind === 'note')).toBe(false);
    const unknown = await call(
      'POST',
      '/api/admin/orders/0b6c1f5e-2a77-4d0e-9d1a-3c5f7e9a1b2c/notes',
      {
        payload: { text: 'hello' },
      },
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('who may use the orders of the back office (issue 13)', () => {
  it('answers 403 to a customer and 401 without a token, and changes nothing (issue 13)', async () => {
    const user = await shopper();
    const order = await buy(user);
    const calls = [
      ['GET', '/api/admin/orders', undefined],
      ['GET', `/api/admin/orders/${order._id}`, undefined],
      ['POST', `/api/admin/orders/${order._id}/delivery`, { to: 'PACKED' }],
      ['POST', `/api/admin/orders/${order._id}/notes`, { text: 'hi' }],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, { as: user, payload })).statusCode, url).toBe(403);
      expect((await call(method, url, { as: null, payload })).statusCode, url).toBe(401);
    }
    const found = await detail(order._id);
    expect(found.deliveryStatus).toBe('PENDING');
    expect(found.timeline.map((event) => event.kind)).not.toContain('note');
  });
});
