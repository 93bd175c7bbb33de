import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, isNull } from 'drizzle-orm';
import norwayPostalCodes from 'norway-postal-codes';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  auditPageSchema,
  type AdminCleaningPhoto,
  type AdminCleaningService,
  type AdminCoupon,
  type AdminEnquiryPage,
  type AdminProduct,
  type AdminShippingZone,
  type AdminSlide,
  type AuditEntry,
  type CleaningEnquiryAddress,
  type Review,
  type SessionUser,
  type ShopDetailsEditor,
} from '@shop/shared';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import {
  bearer,
  createVerifiedUser,
  linkPath,
  receivedMail,
  strongPassword,
  uniqueEmail,
  uniqueIp,
} from '../../test/account-fixtures.js';
import { productSaveRequestOf, required } from '../../test/catalog-fixtures.js';
import { line, purchase, saveOsloAddress, captureAtOrder } from '../../test/checkout-fixtures.js';
import { challengeFromAnywhere, verifyAnswer, wrongTotpCode } from '../../test/staff-guessing.js';
import { createStaffMember, staffLogin } from '../../test/staff-session.js';
import { categories, productItems } from '../catalog/catalog.tables.js';
import { orderLines, orders } from '../orders/orders.tables.js';
import { WRONG_CODES_PER_LOCK } from '../staff/staff.service.js';
import type { FieldChanges } from './audit.service.js';
import { auditLog } from './audit.tables.js';

/**
 * Every kind of audit entry the back office writes reads back (issue 29.2): a `create` of a
 * product or a coupon once had `changes.id.from` undefined, stored without its `from`, and the
 * whole log answered 500 from then on. The kinds are found in the source, every call of
 * `recordAudit`, so a new kind of write fails this test until it is performed here too.
 */

let app: BackOfficeTestApp;
let customer: SessionUser;
const srcRoot = path.resolve(import.meta.dirname, '../..');

beforeAll(async () => {
  app = await createBackOfficeTestApp();
  await captureAtOrder(app.ctx.db);
  customer = await createVerifiedUser(app.ctx.app, app.ctx.db, { name: 'Per Kunde' });
  await saveOsloAddress(app.ctx.app, customer);
});
afterAll(() => app.ctx.close());

const product = (slug: string) => required(app.catalog.products[slug], slug);
const category = (slug: string) => required(app.catalog.categories[slug], slug);

/** A back-office write as the owner; it must succeed. */
async function write<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  payload?: unknown,
): Promise<T> {
  const response = await app.ctx.app.inject({
    method,
    url,
    headers: bearer(app.owner.session),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return (response.body === '' ? undefined : response.json()) as T;
}

async function upload(form: FormData, url: string, method: 'POST' | 'PUT' = 'POST') {
  const request = new Request('http://shop.test/', { method, body: form });
  const response = await app.ctx.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${app.owner.session.accessToken}`,
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

async function image(folder: string): Promise<string> {
  const png = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#6a4' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'picture.png');
  return (await upload(form, `/api/admin/images?folder=${folder}`)).json<string>();
}

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

async function catalogueWrites() {
  const created = await write<AdminProduct>('POST', '/api/admin/products', {
    name: 'Audit Spice',
    categoryId: category('coffee-and-tea'),
    vatPercent: 15,
    items: [{ variants: {}, sku: 'AUDIT-SPICE', priceOre: 4_900, stock: 3 }],
  });
  await write(
    'PUT',
    `/api/admin/products/${created.id}`,
    productSaveRequestOf(created, { name: 'Audit Spice Blend' }),
  );
  await write('DELETE', `/api/admin/products/${created.id}`);

  const socks = product('wool-socks').defaultItemId;
  await write('PATCH', `/api/admin/inventory/${socks}`, { orderLimit: 4 });
  await write('POST', `/api/admin/inventory/${socks}/adjustments`, {
    change: 5,
    reason: 'received',
  });
  const [item] = await app.ctx.db
    .select({ sku: productItems.sku })
    .from(productItems)
    .where(eq(productItems.id, socks));
  const csv = await app.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/products/import?dryRun=false',
    headers: { ...bearer(app.owner.session), 'content-type': 'text/csv' },
    payload: `product_slug;sku;stock\r\nwool-socks;${item?.sku ?? ''};40\r\n`,
  });
  expect(csv.statusCode, csv.body).toBe(200);

  await write('PUT', '/api/admin/best-sellers', { productIds: [product('green-tea').id] });

  const running = await write<{ id: string }>('POST', '/api/admin/price-sales', {
    name: 'Tea week',
    discountPercent: 10,
    productIds: [product('green-tea').id],
  });
  await write('POST', `/api/admin/price-sales/${running.id}/end`);
  const planned = await write<{ id: string }>('POST', '/api/admin/price-sales', {
    name: 'Honey month',
    discountPercent: 15,
    productIds: [product('acacia-honey').id],
    startsAt: inAWeek(),
  });
  await write('POST', `/api/admin/price-sales/${planned.id}/end`);

  const spices = await write<{ id: string }>('POST', '/api/admin/categories', {
    name: 'Spices',
    parentId: null,
  });
  await write('PATCH', `/api/admin/categories/${spices.id}`, { name: 'Herbs and Spices' });
  const topLevel = await app.ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.position));
  await write('PUT', '/api/admin/categories/order', {
    parentId: null,
    ids: topLevel.map((row) => row.id).reverse(),
  });
  await write('POST', `/api/admin/categories/${spices.id}/move`, { parentId: category('food') });
  await write('DELETE', `/api/admin/categories/${spices.id}`);
}

async function contentWrites() {
  for (const kind of ['slides', 'campaigns'] as const) {
    const body = {
      image: await image(kind === 'slides' ? 'carousel' : 'campaigns'),
      ...(kind === 'slides' ? { alt: 'Jars of honey' } : { title: 'Honey days' }),
      linkKind: 'category',
      linkCategoryId: category('honey'),
    };
    const first = await write<AdminSlide>('POST', `/api/admin/${kind}`, body);
    const second = await write<AdminSlide>('POST', `/api/admin/${kind}`, body);
    await write('PUT', `/api/admin/${kind}/${first.id}`, {
      ...body,
      ...(kind === 'slides' ? { alt: 'Jars of raw honey' } : { title: 'Honey weeks' }),
    });
    await write('PATCH', `/api/admin/${kind}/${first.id}`, { hidden: true });
    await write('PATCH', `/api/admin/${kind}/${first.id}`, { hidden: false });
    await write('PUT', `/api/admin/${kind}/order`, { ids: [second.id, first.id] });
    await write('DELETE', `/api/admin/${kind}/${second.id}`);
  }

  await write('PUT', '/api/admin/pages/about', {
    title: 'About us',
    html: '<p>We trade.</p>',
    updatedAt: null,
  });
  await write('DELETE', '/api/admin/pages/about');

  const service = await write<AdminCleaningService>('POST', '/api/admin/cleaning/services', {
    name: 'Stairwell Cleaning',
    description: 'Stairs and landings, weekly.',
    icon: 'house',
  });
  const other = await write<AdminCleaningService>('POST', '/api/admin/cleaning/services', {
    name: 'Garden Cleaning',
    description: 'Leaves and paths.',
    icon: 'house',
  });
  await write('PUT', `/api/admin/cleaning/services/${service.id}`, {
    name: 'Stairwell Cleaning',
    description: 'Stairs and landings, every week.',
    icon: 'house',
    updatedAt: service.updatedAt,
  });
  await write('PATCH', `/api/admin/cleaning/services/${service.id}`, { hidden: true });
  await write('PATCH', `/api/admin/cleaning/services/${service.id}`, { hidden: false });
  const { services } = await write<{ services: AdminCleaningService[] }>(
    'GET',
    '/api/admin/cleaning/services',
  );
  await write('PUT', '/api/admin/cleaning/services/order', {
    ids: services.map((tile) => tile.id).reverse(),
  });
  await write('DELETE', `/api/admin/cleaning/services/${other.id}`);

  const photo = await write<AdminCleaningPhoto>('POST', '/api/admin/cleaning/photos', {
    image: await image('cleaning-gallery'),
    alt: 'A clean kitchen',
  });
  const otherPhoto = await write<AdminCleaningPhoto>('POST', '/api/admin/cleaning/photos', {
    image: await image('cleaning-gallery'),
    alt: 'A clean window',
  });
  await write('PUT', `/api/admin/cleaning/photos/${photo.id}`, {
    alt: 'A spotless kitchen',
    updatedAt: photo.updatedAt,
  });
  const { photos } = await write<{ photos: AdminCleaningPhoto[] }>(
    'GET',
    '/api/admin/cleaning/photos',
  );
  await write('PUT', '/api/admin/cleaning/photos/order', {
    ids: photos.map((one) => one.id).reverse(),
  });
  await write('DELETE', `/api/admin/cleaning/photos/${otherPhoto.id}`);
}

async function shopWrites() {
  const coupon = await write<AdminCoupon>('POST', '/api/admin/coupons', {
    code: 'AUDIT10',
    type: 'percent',
    value: 10,
    validFrom: new Date().toISOString(),
    validTo: inAMonth(),
  });
  await write('PUT', `/api/admin/coupons/${coupon.id}`, {
    code: 'AUDIT10',
    type: 'percent',
    value: 12,
    validFrom: coupon.validFrom,
    validTo: coupon.validTo,
    updatedAt: coupon.updatedAt,
  });
  await write('PUT', `/api/admin/coupons/${coupon.id}/active`, { active: false });
  await write('PUT', `/api/admin/coupons/${coupon.id}/active`, { active: true });
  await write('DELETE', `/api/admin/coupons/${coupon.id}`);

  await write('PUT', '/api/admin/settings/inventory', { lowStockThreshold: 4 });
  const details = await write<ShopDetailsEditor>('GET', '/api/admin/settings/shop');
  await write('PUT', '/api/admin/settings/shop', { ...details, phone: '+47 22 33 44 55' });
  const address = await write<CleaningEnquiryAddress>('GET', '/api/admin/cleaning/enquiry-address');
  await write('PUT', '/api/admin/cleaning/enquiry-address', {
    email: 'vask@nordic-trading.example',
    savedAt: address.savedAt,
  });

  const zone = await write<AdminShippingZone>('POST', '/api/admin/shipping/zones', {
    name: 'Japan',
    countries: ['JP'],
  });
  await write('PATCH', `/api/admin/shipping/zones/${zone.id}`, { name: 'Japan by air' });
  const withBand = await write<AdminShippingZone>(
    'POST',
    `/api/admin/shipping/zones/${zone.id}/bands`,
    { maxWeightGrams: 2_000, priceOre: 29_900 },
  );
  const band = required(withBand.bands[0], 'band');
  await write('PATCH', `/api/admin/shipping/bands/${band.id}`, { priceOre: 31_900 });
  await write('DELETE', `/api/admin/shipping/bands/${band.id}`);
  await write('DELETE', `/api/admin/shipping/zones/${zone.id}`);
  const register = Object.entries(norwayPostalCodes)
    .map(([code, place]) => [code, place, '0301', 'OSLO', 'G'].join('\t'))
    .join('\r\n');
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(`${register}\r\n`, 'latin1')]), 'register.txt');
  await upload(form, '/api/admin/postal-codes', 'PUT');
}

async function staffWrites() {
  const email = uniqueEmail('audit-invitee');
  await write('POST', '/api/admin/staff/invitations', { email, role: 'staff' });
  const mail = await receivedMail(app.ctx.app, email, 'staff-invitation');
  if (!mail) throw new Error('no invitation mail');
  const token = linkPath(mail.text, '/admin/invitation/').split('/').pop() ?? '';
  const accepted = await app.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/invitations/accept',
    remoteAddress: uniqueIp(),
    payload: { token, existingAccount: false, name: 'Ida Ansatt', password: strongPassword },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const member = await staffLogin(app.ctx.app, {
    email,
    password: strongPassword,
    remoteAddress: uniqueIp(),
  });
  expect(member.step).toBe('enrol');
  const { staff } = app;
  await write('PUT', `/api/admin/staff/${staff.id}/role`, { role: 'owner' });
  await write('PUT', `/api/admin/staff/${staff.id}/role`, { role: 'staff' });
  const colleague = await createStaffMember(app.ctx.app, app.ctx.db, { role: 'staff' });
  await write('DELETE', `/api/admin/staff/${colleague.id}`);
  // Wrong second-factor codes, from anywhere, until the member's codes are locked.
  const guessed = await createStaffMember(app.ctx.app, app.ctx.db, { role: 'staff' });
  for (let guess = 1; guess <= WRONG_CODES_PER_LOCK; guess += 1) {
    const challenge = await challengeFromAnywhere(app.ctx.app, guessed);
    const answer = await verifyAnswer(app.ctx.app, challenge, {
      code: wrongTotpCode(guessed.secret),
    });
    expect(answer.statusCode).toBe(guess < WRONG_CODES_PER_LOCK ? 401 : 429);
  }
  const withdrawn = await write<{ id: string }>('POST', '/api/admin/staff/invitations', {
    email: uniqueEmail('audit-withdrawn'),
    role: 'staff',
  });
  await write('DELETE', `/api/admin/staff/invitations/${withdrawn.id}`);
}

async function orderOf(paymentId: string) {
  const [order] = await app.ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return required(order, `order of ${paymentId}`);
}

async function customerWrites() {
  const socks = [line(product('wool-socks').defaultItemId)];
  const honey = [line(product('acacia-honey').defaultItemId)];
  const moved = await orderOf(await purchase(app.ctx.app, customer, socks));
  await write('POST', `/api/admin/orders/${moved.id}/delivery`, { to: 'PACKED' });
  await write('POST', `/api/admin/orders/${moved.id}/notes`, { text: 'Packed in paper.' });
  await write('POST', `/api/admin/orders/${moved.id}/refunds`, {
    kind: 'goodwill',
    amountOre: 1_000,
    note: 'Late parcel',
  });
  // Part of a home delivery leaves first (issue 32.3).
  const parted = await orderOf(
    await purchase(app.ctx.app, customer, [line(product('wool-socks').defaultItemId, 2)]),
  );
  const [partedLine] = await app.ctx.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, parted.id));
  await write('POST', `/api/admin/orders/${parted.id}/shipments`, {
    lines: [{ orderLineId: required(partedLine, 'the order line').id, quantity: 1 }],
    carrier: 'Posten',
    trackingNumber: 'CP000000001NO',
  });
  const cancelled = await orderOf(await purchase(app.ctx.app, customer, honey));
  await write('POST', `/api/admin/orders/${cancelled.id}/cancel`, { reason: 'Out of stock' });
  const charge = vi
    .spyOn(app.ctx.app.paymentProvider, 'charge')
    .mockRejectedValueOnce(new Error('the provider is down'));
  let failed: Awaited<ReturnType<typeof orderOf>>;
  try {
    failed = await orderOf(await purchase(app.ctx.app, customer, honey));
  } finally {
    charge.mockRestore();
  }
  expect(failed.paymentStatus).toBe('CHARGE_FAILED');
  await write('POST', `/api/admin/orders/${failed.id}/retry-charge`);

  const reviews: Review[] = [];
  for (const slug of ['wool-socks', 'acacia-honey']) {
    const response = await app.ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/${product(slug).id}`,
      headers: bearer(customer),
      payload: { rating: 4, review: 'Good value for the money.', images: [] },
    });
    expect(response.statusCode, response.body).toBe(201);
    reviews.push(response.json<Review>());
  }
  await write('POST', `/api/admin/reviews/${required(reviews[0], 'review')._id}/accept`);
  await write('POST', `/api/admin/reviews/${required(reviews[1], 'review')._id}/reject`, {
    remarks: 'Please tell us more.',
  });

  const enquiry = await app.ctx.app.inject({
    method: 'POST',
    url: '/api/notification/addenquiry',
    remoteAddress: uniqueIp(),
    payload: {
      fullname: 'Per Kunde',
      email: customer.email,
      phone: '+47 900 11 222',
      message: 'A quote for a flat?',
    },
  });
  expect(enquiry.statusCode).toBe(201);
  const inbox = await write<AdminEnquiryPage>('GET', '/api/admin/enquiries');
  const enquiryId = required(inbox.enquiries[0], 'enquiry').id;
  await write('POST', `/api/admin/enquiries/${enquiryId}/handled`, { note: 'Called back.' });
  await write('POST', `/api/admin/enquiries/${enquiryId}/handled`, { handled: false });
  await write('POST', `/api/admin/enquiries/${enquiryId}/replies`, {
    body: 'We can come on Monday.',
  });

  await write('POST', `/api/admin/customers/${customer._id}/block`, { reason: 'Chargebacks' });
  await write('POST', `/api/admin/customers/${customer._id}/unblock`);
  await write('GET', `/api/admin/customers/${customer._id}/export`);
  await write('DELETE', `/api/admin/customers/${customer._id}`);
}

/** Every `recordAudit(…)` call in the server's modules, as `entity:action` pairs. */
async function auditKindsInSource(): Promise<Set<string>> {
  const files = (await fs.readdir(path.join(srcRoot, 'modules'), { recursive: true })).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('audit/'),
  );
  const kinds = new Set<string>();
  for (const file of files) {
    const source = await fs.readFile(path.join(srcRoot, 'modules', file), 'utf8');
    for (const call of source.matchAll(/recordAudit\(/g)) {
      let depth = 0;
      let end = call.index + 'recordAudit'.length;
      do {
        if (source[end] === '(') depth += 1;
        if (source[end] === ')') depth -= 1;
        end += 1;
      } while (depth > 0);
      const text = source.slice(call.index, end);
      const action = /action:\s*([^,\n]+)/.exec(text)?.[1] ?? '';
      const entity = /entity:\s*([^,\n]+)/.exec(text)?.[1]?.trim() ?? '';
      const entityName = entity.startsWith("'")
        ? entity.slice(1, -1)
        : new RegExp(`const ${entity} = '([^']+)'`).exec(source)?.[1];
      // A conditional action, `x ? 'hide' : 'show'`, writes either literal after the question.
      const actions = [...(action.split('?').pop() ?? '').matchAll(/'([^']+)'/g)].map(
        (literal) => literal[1],
      );
      expect(entityName, `${file}: ${text}`).toBeDefined();
      expect(actions.length, `${file}: ${text}`).toBeGreaterThan(0);
      for (const one of actions) kinds.add(`${entityName}:${one}`);
    }
  }
  return kinds;
}

it('every kind of audit entry a back-office write makes reads back on every page of the log (issue 29.2)', async () => {
  await catalogueWrites();
  await contentWrites();
  await shopWrites();
  await staffWrites();
  await customerWrites();

  const pageSize = 10;
  const entries: AuditEntry[] = [];
  let total = Infinity;
  for (let page = 1; (page - 1) * pageSize < total; page += 1) {
    const response = await app.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?page=${page}&pageSize=${pageSize}`,
      headers: bearer(app.owner.session),
    });
    expect(response.statusCode, `page ${page}: ${response.body}`).toBe(200);
    const answer = auditPageSchema.parse(response.json());
    total = answer.total;
    entries.push(...answer.entries);
  }
  expect(entries).toHaveLength(total);
  for (const entry of entries)
    for (const change of Object.values(entry.changes ?? {})) {
      expect(Object.keys(change).sort(), `${entry.entity} ${entry.action}`).toEqual(['from', 'to']);
      expect(change.from, `${entry.entity} ${entry.action}`).not.toBeUndefined();
      expect(change.to, `${entry.entity} ${entry.action}`).not.toBeUndefined();
    }

  const written = new Set(entries.map((entry) => `${entry.entity}:${entry.action}`));
  const inSource = await auditKindsInSource();
  expect(inSource.size).toBeGreaterThan(50);
  expect([...inSource].filter((kind) => !written.has(kind)).sort()).toEqual([]);
  expect([...written].filter((kind) => !inSource.has(kind)).sort()).toEqual([]);
  // The create that once broke the log, with its fields from nothing.
  const create = entries.find((entry) => entry.entity === 'product' && entry.action === 'create');
  expect(create?.changes?.name).toEqual({ from: null, to: 'Audit Spice' });
}, 240_000);

it('reads an entry stored before the rule, with an end of a change missing, as null (issue 29.2)', async () => {
  const [stored] = await app.ctx.db
    .insert(auditLog)
    .values({
      actorId: app.owner.id,
      actorEmail: app.owner.email,
      action: 'create',
      entity: 'coupon',
      entityId: 'legacy',
      changes: { code: { to: 'OLD10' }, value: { from: 5 } } as unknown as FieldChanges,
    })
    .returning({ id: auditLog.id });
  const response = await app.ctx.app.inject({
    method: 'GET',
    url: '/api/admin/audit?entityId=legacy',
    headers: bearer(app.owner.session),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(auditPageSchema.parse(response.json()).entries).toEqual([
    expect.objectContaining({
      id: stored?.id,
      changes: { code: { from: null, to: 'OLD10' }, value: { from: 5, to: null } },
    }),
  ]);
});
