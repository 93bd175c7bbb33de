import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  inventoryMessages,
  inventoryPageSchema,
  orderSchema,
  settingsMessages,
  stockAdjustmentResultSchema,
  stockLedgerPageSchema,
  type AdminSession,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, paidPayment, placeOrder, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { productItems, products, stockLedger } from './catalog.tables.js';

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let staff: StaffMember;
let customer: SessionUser;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  owner = await createStaffMember(ctx.app, ctx.db, { role: 'owner' });
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Stig Staff' });
  customer = await createVerifiedUser(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

type Session = AdminSession | SessionUser;

const call = (
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  url: string,
  session?: Session,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url,
    headers: session ? bearer(session) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const itemOf = (slug: string, variants = '') => {
  const product = required(catalog.products[slug], slug);
  return variants === '' ? product.defaultItemId : required(product.itemIds[variants], variants);
};

async function stockOf(itemId: string) {
  const [item] = await ctx.db
    .select({ stock: productItems.stock })
    .from(productItems)
    .where(eq(productItems.id, itemId));
  return required(item, itemId).stock;
}

const ledgerRowsOf = (itemId: string) =>
  ctx.db
    .select()
    .from(stockLedger)
    .where(eq(stockLedger.itemId, itemId))
    .orderBy(desc(stockLedger.id));

const auditRowsOf = (entity: string, entityId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));

async function inventory(query: string, session: Session = staff.session) {
  const response = await call('GET', `/api/admin/inventory${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return inventoryPageSchema.parse(response.json());
}

const putThreshold = (lowStockThreshold: unknown, session: Session = owner.session) =>
  call('PUT', '/api/admin/settings/inventory', session, { lowStockThreshold });

describe('access', () => {
  it('answers 401 without a sign-in and 403 to a customer on every inventory and settings call', async () => {
    const socks = itemOf('wool-socks');
    const calls = [
      ['GET', '/api/admin/inventory', undefined],
      ['PATCH', `/api/admin/inventory/${socks}`, { orderLimit: 3 }],
      ['POST', `/api/admin/inventory/${socks}/adjustments`, { change: 5, reason: 'received' }],
      ['GET', `/api/admin/inventory/${socks}/ledger`, undefined],
      ['GET', '/api/admin/settings/inventory', undefined],
      ['PUT', '/api/admin/settings/inventory', { lowStockThreshold: 1 }],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      const refused = await call(method, url, customer, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ message: adminMessages.staffOnly });
    }
    expect(await stockOf(socks)).toBe(15);
    expect(await ledgerRowsOf(socks)).toEqual([]);
  });
});

describe('settings', () => {
  it('staff read the shop-wide threshold (5 by default) but only the owner changes it, audited', async () => {
    const read = await call('GET', '/api/admin/settings/inventory', staff.session);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ lowStockThreshold: 5 });

    const byStaff = await putThreshold(7, staff.session);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual({ message: adminMessages.ownerOnly });
    expect(await auditRowsOf('settings', 'inventory')).toEqual([]);

    const byOwner = await putThreshold(7);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toEqual({ lowStockThreshold: 7 });
    expect((await call('GET', '/api/admin/settings/inventory', staff.session)).json()).toEqual({
      lowStockThreshold: 7,
    });
    const [audit] = await auditRowsOf('settings', 'inventory');
    expect(audit).toMatchObject({
      actorId: owner.id,
      actorEmail: owner.email,
      action: 'update',
      changes: { lowStockThreshold: { from: 5, to: 7 } },
    });

    expect((await putThreshold(5)).json()).toEqual({ lowStockThreshold: 5 });
    expect(await auditRowsOf('settings', 'inventory')).toHaveLength(2);
  });

  it('refuses a threshold that is not a whole number from 0 with a field error', async () => {
    for (const bad of [-1, 2.5, '3', null, 1_000_001]) {
      const response = await putThreshold(bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json()).toEqual({
        message: settingsMessages.lowStockThreshold,
        fieldErrors: { lowStockThreshold: settingsMessages.lowStockThreshold },
      });
    }
    expect((await call('GET', '/api/admin/settings/inventory', owner.session)).json()).toEqual({
      lowStockThreshold: 5,
    });
  });
});

describe('inventory list', () => {
  it('lists every item with its flags, and filters low and out with per-item and shop-wide thresholds', async () => {
    const all = await inventory('?pageSize=100');
    expect(all.total).toBe(9);
    const redXl = required(
      all.items.find((item) => item.itemId === itemOf('hemp-t-shirt', 'Color=Red,Size=XL')),
      'red XL',
    );
    expect(redXl).toEqual({
      itemId: itemOf('hemp-t-shirt', 'Color=Red,Size=XL'),
      productId: required(catalog.products['hemp-t-shirt'], 'hemp').id,
      productName: 'Hemp T-Shirt',
      variants: { Color: 'Red', Size: 'XL' },
      sku: expect.stringMatching(/^[0-9A-F]{12}$/),
      stock: 3,
      orderLimit: 10,
      lowStockThreshold: null,
      effectiveThreshold: 5,
      low: true,
      out: false,
      disabled: false,
    });

    const lowIds = async () =>
      (await inventory('?state=low&pageSize=100')).items.map((item) => item.itemId).sort();
    const creamed = itemOf('creamed-clover-honey');
    const redXlId = itemOf('hemp-t-shirt', 'Color=Red,Size=XL');
    const blueM = itemOf('hemp-t-shirt', 'Color=Blue,Size=M');
    const socks = itemOf('wool-socks');
    expect(await lowIds()).toEqual([creamed, redXlId].sort());
    const out = await inventory('?state=out');
    expect(out.items.map((item) => [item.itemId, item.out, item.low])).toEqual([
      [creamed, true, true],
    ]);

    // The item's own threshold wins over the shop's.
    const patched = await call('PATCH', `/api/admin/inventory/${socks}`, staff.session, {
      lowStockThreshold: 15,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      itemId: socks,
      stock: 15,
      lowStockThreshold: 15,
      effectiveThreshold: 15,
      low: true,
    });
    expect(await lowIds()).toEqual([creamed, redXlId, socks].sort());

    // A higher shop-wide threshold catches the blue shirt (6); the socks keep their own.
    expect((await putThreshold(6)).statusCode).toBe(200);
    expect(await lowIds()).toEqual([creamed, redXlId, blueM, socks].sort());
    const [blue] = (await inventory('?q=hemp&sort=stock')).items.filter((i) => i.itemId === blueM);
    expect(blue).toMatchObject({ lowStockThreshold: null, effectiveThreshold: 6, low: true });

    // Back on the shop's default, and an own threshold of 0 flags out of stock only.
    await call('PATCH', `/api/admin/inventory/${socks}`, staff.session, {
      lowStockThreshold: null,
    });
    await call('PATCH', `/api/admin/inventory/${redXlId}`, staff.session, {
      lowStockThreshold: 0,
    });
    expect(await lowIds()).toEqual([creamed, blueM].sort());
    await call('PATCH', `/api/admin/inventory/${redXlId}`, staff.session, {
      lowStockThreshold: null,
    });
    expect((await putThreshold(5)).statusCode).toBe(200);
    expect(await lowIds()).toEqual([creamed, redXlId].sort());
  });

  it('searches by name or SKU, sorts and pages on the server, and leaves archived items out', async () => {
    const hemp = await inventory('?q=HEMP&sort=-stock');
    expect(hemp.items.map((item) => item.stock)).toEqual([8, 6, 3]);
    expect(hemp.total).toBe(3);

    const secondPage = await inventory('?q=hemp&sort=stock&pageSize=2&page=2');
    expect(secondPage).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(secondPage.items.map((item) => item.stock)).toEqual([8]);

    const [first] = (await inventory('?sort=name&pageSize=1')).items;
    expect(first?.productName).toBe('Acacia Honey');
    const [last] = (await inventory('?sort=-name&pageSize=1')).items;
    expect(last?.productName).toBe('Wool Socks');

    const socks = itemOf('wool-socks');
    const [socksRow] = (await inventory('?q=wool')).items;
    const bySku = await inventory(
      `?q=${required(socksRow, 'socks').sku.slice(2, 9).toLowerCase()}`,
    );
    expect(bySku.items.map((item) => item.itemId)).toEqual([socks]);
    expect((await inventory('?q=%25')).total).toBe(0);
    expect((await inventory('?q=_')).total).toBe(0);

    await ctx.db
      .update(productItems)
      .set({ archivedAt: new Date() })
      .where(eq(productItems.id, itemOf('hemp-t-shirt', 'Color=Red,Size=XL')));
    try {
      expect((await inventory('?q=hemp')).total).toBe(2);
      expect((await inventory('?pageSize=100')).total).toBe(8);
    } finally {
      await ctx.db
        .update(productItems)
        .set({ archivedAt: null })
        .where(eq(productItems.id, itemOf('hemp-t-shirt', 'Color=Red,Size=XL')));
    }
  });

  it('answers bad queries with 400 and a message', async () => {
    for (const [query, message] of [
      ['?state=empty', inventoryMessages.state],
      ['?sort=price', inventoryMessages.sort],
      ['?page=0', inventoryMessages.page],
      ['?pageSize=500', inventoryMessages.pageSize],
      ['?pageSize=abc', inventoryMessages.pageSize],
      [`?q=${'x'.repeat(101)}`, inventoryMessages.q],
    ] as const) {
      const response = await call('GET', `/api/admin/inventory${query}`, staff.session);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
  });
});

describe('item settings', () => {
  it("changes an item's order limit, audited, and raises its product's version", async () => {
    const tea = itemOf('green-tea');
    const productId = required(catalog.products['green-tea'], 'tea').id;
    const [before] = await ctx.db.select().from(products).where(eq(products.id, productId));
    const response = await call('PATCH', `/api/admin/inventory/${tea}`, staff.session, {
      orderLimit: 3,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ itemId: tea, orderLimit: 3, stock: 40 });
    const [after] = await ctx.db.select().from(products).where(eq(products.id, productId));
    expect(after?.version).toBe(required(before, 'tea').version + 1);
    const [audit] = await auditRowsOf('item', tea);
    expect(audit).toMatchObject({
      actorId: staff.id,
      actorEmail: staff.email,
      action: 'update',
      changes: { orderLimit: { from: 10, to: 3 } },
    });
    await call('PATCH', `/api/admin/inventory/${tea}`, staff.session, { orderLimit: 10 });
  });

  it('refuses bad item settings with field errors, and unknown items with 404', async () => {
    const tea = itemOf('green-tea');
    const zero = await call('PATCH', `/api/admin/inventory/${tea}`, staff.session, {
      orderLimit: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({
      message: inventoryMessages.orderLimit,
      fieldErrors: { orderLimit: inventoryMessages.orderLimit },
    });
    const negative = await call('PATCH', `/api/admin/inventory/${tea}`, staff.session, {
      lowStockThreshold: -1,
    });
    expect(negative.json()).toMatchObject({
      fieldErrors: { lowStockThreshold: inventoryMessages.lowStockThreshold },
    });
    const empty = await call('PATCH', `/api/admin/inventory/${tea}`, staff.session, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: inventoryMessages.nothingToUpdate });
    const unknown = await call(
      'PATCH',
      '/api/admin/inventory/7d0c3f5e-0000-4000-8000-000000000000',
      staff.session,
      { orderLimit: 2 },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: inventoryMessages.itemNotFound });
    expect((await call('PATCH', '/api/admin/inventory/nope', staff.session, {})).statusCode).toBe(
      400,
    );
  });
});

describe('stock adjustments', () => {
  const adjust = (itemId: string, body: unknown, session: Session = staff.session) =>
    call('POST', `/api/admin/inventory/${itemId}/adjustments`, session, body);

  it('writes a ledger row with the stock before and after, and an audit row', async () => {
    const tea = itemOf('green-tea');
    const received = await adjust(tea, {
      change: 10,
      reason: 'received',
      note: '  Delivery 4711 from the importer ',
    });
    expect(received.statusCode, received.body).toBe(201);
    const result = stockAdjustmentResultSchema.parse(received.json());
    expect(result).toMatchObject({
      stock: 50,
      entry: {
        itemId: tea,
        reason: 'received',
        change: 10,
        stockBefore: 40,
        stockAfter: 50,
        orderId: null,
        actorId: staff.id,
        actorEmail: staff.email,
        note: 'Delivery 4711 from the importer',
      },
    });
    expect(await stockOf(tea)).toBe(50);

    const counted = await adjust(tea, { setTo: 47, reason: 'correction' }, owner.session);
    expect(counted.statusCode).toBe(201);
    expect(counted.json()).toMatchObject({
      stock: 47,
      entry: { change: -3, stockBefore: 50, stockAfter: 47, actorId: owner.id, note: '' },
    });
    const damaged = await adjust(tea, { change: -2, reason: 'damaged', note: 'Wet box' });
    expect(damaged.json()).toMatchObject({ stock: 45, entry: { stockBefore: 47 } });

    const ledger = await call('GET', `/api/admin/inventory/${tea}/ledger`, staff.session);
    expect(ledger.statusCode).toBe(200);
    const page = stockLedgerPageSchema.parse(ledger.json());
    expect(page.total).toBe(3);
    expect(
      page.entries.map((entry) => [entry.reason, entry.stockBefore, entry.stockAfter]),
    ).toEqual([
      ['damaged', 47, 45],
      ['correction', 50, 47],
      ['received', 40, 50],
    ]);
    const older = stockLedgerPageSchema.parse(
      (
        await call('GET', `/api/admin/inventory/${tea}/ledger?page=2&pageSize=2`, staff.session)
      ).json(),
    );
    expect(older.entries.map((entry) => entry.reason)).toEqual(['received']);

    const audits = await auditRowsOf('item', tea);
    const adjustments = audits.filter((audit) => audit.action === 'adjust-stock');
    expect(adjustments.map((audit) => [audit.actorEmail, audit.changes])).toEqual([
      [staff.email, { stock: { from: 47, to: 45 } }],
      [owner.email, { stock: { from: 50, to: 47 } }],
      [staff.email, { stock: { from: 40, to: 50 } }],
    ]);
  });

  it('refuses to go below 0 and changes nothing', async () => {
    const acacia = itemOf('acacia-honey');
    const response = await adjust(acacia, { change: -13, reason: 'correction' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Stock cannot go below 0 (there are 12)',
      fieldErrors: { change: 'Stock cannot go below 0 (there are 12)' },
    });
    const damaged = await adjust(acacia, { change: -100, reason: 'damaged' });
    expect(damaged.json()).toMatchObject({ message: inventoryMessages.belowZero(12) });
    expect(await stockOf(acacia)).toBe(12);
    expect(await ledgerRowsOf(acacia)).toEqual([]);
    expect(await auditRowsOf('item', acacia)).toEqual([]);

    // Down to exactly 0 is fine.
    const emptied = await adjust(acacia, { change: -12, reason: 'correction' });
    expect(emptied.json()).toMatchObject({ stock: 0, entry: { stockBefore: 12, stockAfter: 0 } });
    const [row] = (await inventory('?q=acacia')).items;
    expect(row).toMatchObject({ stock: 0, out: true, low: true });
  });

  it('refuses bad adjustments with field errors', async () => {
    const socks = itemOf('wool-socks');
    const cases: [unknown, string, string][] = [
      [{ change: 0, reason: 'correction' }, 'change', inventoryMessages.change],
      [{ change: 1.5, reason: 'correction' }, 'change', inventoryMessages.change],
      [{ change: '5', reason: 'correction' }, 'change', inventoryMessages.change],
      [{ setTo: -1, reason: 'correction' }, 'setTo', inventoryMessages.setTo],
      [{ reason: 'correction' }, 'change', inventoryMessages.changeOrSetTo],
      [{ change: 1, setTo: 3, reason: 'correction' }, 'setTo', inventoryMessages.changeOrSetTo],
      [{ change: 1, reason: 'order' }, 'reason', inventoryMessages.reason],
      [{ change: 1 }, 'reason', inventoryMessages.reason],
      [{ change: -1, reason: 'received' }, 'change', inventoryMessages.receivedAdds],
      [{ change: 1, reason: 'damaged' }, 'change', inventoryMessages.damagedRemoves],
      [{ setTo: 20, reason: 'damaged' }, 'setTo', inventoryMessages.damagedRemoves],
      [{ setTo: 15, reason: 'correction' }, 'setTo', inventoryMessages.unchanged(15)],
      [{ change: 1, reason: 'correction', note: 'x'.repeat(501) }, 'note', inventoryMessages.note],
    ];
    for (const [body, field, message] of cases) {
      const response = await adjust(socks, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({
        message,
        fieldErrors: { [field]: message },
      });
    }
    const unknown = await adjust('7d0c3f5e-0000-4000-8000-000000000000', {
      change: 1,
      reason: 'received',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await stockOf(socks)).toBe(15);
    expect(await ledgerRowsOf(socks)).toEqual([]);
  });

  it('refuses to adjust an archived item (409)', async () => {
    const redM = itemOf('hemp-t-shirt', 'Color=Red,Size=M');
    await ctx.db
      .update(productItems)
      .set({ archivedAt: new Date() })
      .where(eq(productItems.id, redM));
    try {
      for (const body of [
        { change: 1, reason: 'received' },
        { setTo: 1, reason: 'correction' },
      ]) {
        const response = await adjust(redM, body);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ message: inventoryMessages.itemArchived });
      }
      expect(await ledgerRowsOf(redM)).toEqual([]);
    } finally {
      await ctx.db.update(productItems).set({ archivedAt: null }).where(eq(productItems.id, redM));
    }
  });
});

describe('orders', () => {
  it("a purchase writes an 'order' ledger row naming the order", async () => {
    const coffee = itemOf('ethiopian-coffee-beans');
    await saveOsloAddress(ctx.app, customer);
    const lines = [line(coffee, 2)];
    const payment = await paidPayment(ctx.app, customer, lines);
    const placed = await placeOrder(ctx.app, customer, payment.paymentId, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());

    expect(await stockOf(coffee)).toBe(28);
    const [entry] = await ledgerRowsOf(coffee);
    expect(entry).toMatchObject({
      reason: 'order',
      change: -2,
      stockBefore: 30,
      stockAfter: 28,
      orderId: order._id,
      actorId: null,
      actorEmail: null,
    });
    const ledger = stockLedgerPageSchema.parse(
      (await call('GET', `/api/admin/inventory/${coffee}/ledger`, staff.session)).json(),
    );
    expect(ledger.entries).toEqual([
      expect.objectContaining({ reason: 'order', orderId: order._id, stockAfter: 28 }),
    ]);
  });
});
