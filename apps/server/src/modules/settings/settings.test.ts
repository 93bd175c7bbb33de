import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatOrganisationNumber,
  shopDetailsConflictMessage,
  shopDetailsEditorSchema,
  shopDetailsMessages,
  shopDetailsSchema,
  shopSettingDefaults,
} from '@shop/shared';
import { bearer } from '../../test/account-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { enqueueMail } from '../mail/mail.service.js';
import { orderReadyForPickupMail } from '../orders/order-mails.js';
import { setSetting } from './settings.service.js';
import { shopSettings } from './settings.tables.js';

// The shop's own details (issue 13: receipts and packing slips print them; issue 14: the owner
// edits them, the storefront and mails show them), on each database.

let ctx: TestContext;
let owner: StaffMember;
let staff: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaffMember(ctx.app, ctx.db);
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Sara Staff' });
});
afterAll(() => ctx.close());

const defaults = shopSettingDefaults.shopDetails;

const details = (headers: Record<string, string> = bearer(staff.session)) =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/settings/shop', headers });

const save = (payload: Record<string, unknown>, member: StaffMember = owner) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/shop',
    headers: bearer(member.session),
    payload,
  });

const publicDetails = async () =>
  shopDetailsSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/shop' })).json());

async function savedAt(): Promise<string | null> {
  return shopDetailsEditorSchema.parse((await details()).json()).savedAt;
}

describe('GET /api/admin/settings/shop (issue 13)', () => {
  it('answers the defaults until the owner sets them, then what is stored', async () => {
    const before = await details();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ ...defaults, savedAt: null });
    await setSetting(ctx.db, 'shopDetails', { ...defaults, organisationNumber: '987654321' });
    expect((await details()).json()).toMatchObject({ organisationNumber: '987654321' });
  });

  it('keeps the stored fields of an older value and gives fields added since their default', async () => {
    await ctx.db
      .update(shopSettings)
      .set({ value: { ...defaults, name: 'Older Value AS', chatUrl: undefined } })
      .where(eq(shopSettings.key, 'shopDetails'));
    expect((await details()).json()).toMatchObject({
      name: 'Older Value AS',
      chatUrl: defaults.chatUrl,
    });
  });

  it('falls back to the defaults when a stored value no longer passes', async () => {
    await ctx.db
      .update(shopSettings)
      .set({ value: { name: '' } })
      .where(eq(shopSettings.key, 'shopDetails'));
    expect((await details()).json()).toMatchObject(defaults);
  });

  it('is for signed-in staff only', async () => {
    expect((await details({})).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/settings/shop and GET /api/shop (issue 14)', () => {
  const changed = {
    ...defaults,
    name: 'Fjord Handel',
    phone: '+47 400 00 001',
    street: 'Kirkegata 5',
    postalCode: '7011',
    city: 'Trondheim',
    openingHours: ['Weekdays 09:00–17:00'],
    youtubeUrl: '',
    paymentMethods: ['visa', 'vipps'],
  };

  it('stores the owner’s details, audits them and shows them on the public call', async () => {
    const response = await save({ ...changed, savedAt: await savedAt() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...changed, savedAt: expect.any(String) });
    expect(await publicDetails()).toEqual(changed);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'shopDetails'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry?.changes).toMatchObject({
      phone: { to: '+47 400 00 001' },
      paymentMethods: { to: ['visa', 'vipps'] },
    });
  });

  it('refuses a save based on details someone has saved since, and changes nothing', async () => {
    const loaded = await savedAt();
    expect((await save({ ...changed, city: 'Bergen', savedAt: loaded })).statusCode).toBe(200);
    const stale = await save({ ...changed, city: 'Tromsø', savedAt: loaded });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: shopDetailsConflictMessage });
    expect((await publicDetails()).city).toBe('Bergen');
  });

  it('of two saves from the same loaded form, one wins and the other is told (PostgreSQL: at once)', async () => {
    const loaded = await savedAt();
    const answers = await Promise.all(
      ['Hamar', 'Molde'].map((city) => save({ ...changed, city, savedAt: loaded })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<{ city: string }>();
    expect((await publicDetails()).city).toBe(winner?.city);
  });

  it.each([
    [
      { phone: 'call us' },
      'The phone number may hold digits, spaces, brackets, dashes and a leading +',
    ],
    [{ facebookUrl: 'http://facebook.com/x' }, shopDetailsMessages.link('The Facebook link')],
    [{ paymentMethods: ['visa', 'bitcoin'] }, shopDetailsMessages.paymentMethod],
    [{ about: ' ' }, shopDetailsMessages.required('The About text')],
    [{ organisationNumber: '923 456 789' }, shopDetailsMessages.organisationNumber],
  ])('refuses %j with its message and changes nothing', async (field, message) => {
    const before = await publicDetails();
    const response = await save({ ...changed, ...field, savedAt: await savedAt() });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await publicDetails()).toEqual(before);
  });

  it('is the owner’s to change: staff get 403 and strangers 401', async () => {
    expect((await save({ ...changed, savedAt: await savedAt() }, staff)).statusCode).toBe(403);
    const stranger = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/shop',
      payload: { ...changed, savedAt: null },
    });
    expect(stranger.statusCode).toBe(401);
  });

  it('signs the next mail with the new phone, address and opening hours', async () => {
    await save({ ...changed, savedAt: await savedAt() });
    const mail = await enqueueMail(
      ctx.db,
      orderReadyForPickupMail({
        to: 'kari@example.no',
        name: 'Kari',
        publicUrl: 'https://shop.example',
        orderNumber: 10001,
      }),
    );
    expect(mail.subject).toBe('Your Fjord Handel order 10001 is ready for pickup');
    expect(mail.text).toContain('please visit our store at Kirkegata 5, 7011 Trondheim, Norway');
    expect(mail.text).toContain('Opening hours: Weekdays 09:00–17:00.');
    expect(mail.text).toContain('+47 400 00 001 · post@nordictrading.no');
    expect(mail.html).toContain('+47 400 00 001');
  });
});

describe('shopDetailsSchema (issue 13)', () => {
  it('takes an organisation number as nine digits and prints it in groups of three', () => {
    expect(formatOrganisationNumber('923456789')).toBe('923 456 789');
    for (const organisationNumber of ['92345678', '923 456 789', '92345678X']) {
      const refused = shopDetailsSchema.safeParse({
        ...shopSettingDefaults.shopDetails,
        organisationNumber,
      });
      expect(refused.error?.issues[0]?.message).toBe(shopDetailsMessages.organisationNumber);
    }
    const empty = shopDetailsSchema.safeParse({ ...shopSettingDefaults.shopDetails, city: ' ' });
    expect(empty.error?.issues[0]?.message).toBe(shopDetailsMessages.required('The city'));
  });
});
