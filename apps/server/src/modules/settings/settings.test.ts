import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatOrganisationNumber,
  shopDetailsConflictMessage,
  shopDetailsEditorSchema,
  shopDetailsIn,
  shopDetailsMessages,
  publicShopSchema,
  shopDetailsSchema,
  shopSettingDefaults,
  type ShopDetailsSetting,
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

/** `GET /api/shop` as a page in `language` asks it (its `Accept-Language`), or with no hint. */
async function publicAnswer(language?: string) {
  const headers = language ? { 'accept-language': language } : undefined;
  return (await ctx.app.inject({ method: 'GET', url: '/api/shop', headers })).json<unknown>();
}

const publicDetails = async (language?: string) =>
  shopDetailsSchema.parse(await publicAnswer(language));

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

it('GET /api/shop says the checkout takes Vipps MobilePay beside the card in a shop that has it (issue 32)', async () => {
  const answer = publicShopSchema.parse(await publicAnswer('nb'));
  expect(answer.checkoutPaymentMethods).toEqual(['card', 'vipps']);
});

describe('PUT /api/admin/settings/shop and GET /api/shop (issue 14)', () => {
  const changed: ShopDetailsSetting = {
    ...defaults,
    name: 'Fjord Handel',
    phone: '+47 400 00 001',
    street: 'Kirkegata 5',
    postalCode: '7011',
    city: 'Trondheim',
    openingHours: ['Hverdager 09.00–17.00'],
    openingHoursEn: ['Weekdays 09:00–17:00'],
    about: 'Ull og honning fra fjordene.',
    aboutEn: 'Wool and honey from the fjords.',
    youtubeUrl: '',
    paymentMethods: ['visa', 'vipps'],
  };

  it('stores the owner’s details, audits them and shows them on the public call', async () => {
    const response = await save({ ...changed, savedAt: await savedAt() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...changed, savedAt: expect.any(String) });
    expect(await publicDetails()).toEqual(shopDetailsIn(changed, 'en'));
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
        locale: 'en',
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

describe('the shop’s own words in bokmål and English (issue 31)', () => {
  const both = {
    ...defaults,
    about: 'Ull og honning fra fjordene.',
    aboutEn: 'Wool and honey from the fjords.',
    openingHours: ['Mandag–fredag 10.00–18.00', 'Lørdag stengt'],
    openingHoursEn: ['Monday–Friday 10:00–18:00', 'Saturday closed'],
  };

  it('keeps both languages for the owner’s form and answers each reader in theirs', async () => {
    const response = await save({ ...both, savedAt: await savedAt() });
    expect(response.statusCode, response.body).toBe(200);
    expect((await details()).json()).toMatchObject({
      about: both.about,
      aboutEn: both.aboutEn,
      openingHours: both.openingHours,
      openingHoursEn: both.openingHoursEn,
    });
    for (const language of ['nb-NO,nb;q=0.9,en;q=0.5', 'no', 'nn']) {
      expect(await publicAnswer(language), language).toMatchObject({
        about: 'Ull og honning fra fjordene.',
        openingHours: ['Mandag–fredag 10.00–18.00', 'Lørdag stengt'],
      });
    }
    for (const language of ['en-GB', undefined]) {
      expect(await publicAnswer(language), language).toMatchObject({
        about: 'Wool and honey from the fjords.',
        openingHours: ['Monday–Friday 10:00–18:00', 'Saturday closed'],
      });
    }
  });

  it('names a country written by its English or bokmål name in the reader’s language', async () => {
    for (const [written, nb, en] of [
      ['Norway', 'Norge', 'Norway'],
      ['norge', 'Norge', 'Norway'],
      ['Sverige', 'Sverige', 'Sweden'],
      ['Atlantis', 'Atlantis', 'Atlantis'],
    ] as const) {
      const response = await save({ ...both, country: written, savedAt: await savedAt() });
      expect(response.statusCode, response.body).toBe(200);
      expect((await publicDetails('nb')).country, written).toBe(nb);
      expect((await publicDetails('en')).country, written).toBe(en);
      expect((await details()).json(), 'the owner’s form keeps it as written').toMatchObject({
        country: written,
      });
    }
  });

  it('answers the old shape: `about` and `openingHours` in one language, no English twins', async () => {
    await save({ ...both, savedAt: await savedAt() });
    for (const language of ['nb', 'en']) {
      const answer = await publicAnswer(language);
      expect(publicShopSchema.strict().safeParse(answer).success, language).toBe(true);
      expect(answer).not.toHaveProperty('aboutEn');
      expect(answer).not.toHaveProperty('openingHoursEn');
    }
  });

  it('shows English pages the bokmål where the owner wrote no English', async () => {
    const saved = await save({
      ...both,
      aboutEn: '  ',
      openingHoursEn: [],
      savedAt: await savedAt(),
    });
    expect(saved.json()).toMatchObject({ aboutEn: '', openingHoursEn: [] });
    expect(await publicAnswer('en')).toMatchObject({
      about: both.about,
      openingHours: both.openingHours,
    });
  });

  it('reads details stored before the English twins as having no English, not the demo shop’s', async () => {
    const older: Record<string, unknown> = { ...both };
    delete older.aboutEn;
    delete older.openingHoursEn;
    await ctx.db
      .update(shopSettings)
      .set({ value: older })
      .where(eq(shopSettings.key, 'shopDetails'));
    expect((await details()).json()).toMatchObject({
      about: both.about,
      aboutEn: '',
      openingHours: both.openingHours,
      openingHoursEn: [],
    });
    expect(await publicAnswer()).toMatchObject({
      about: both.about,
      openingHours: both.openingHours,
    });
  });

  it('refuses an English opening-hours line left blank and an English About text too long', async () => {
    const blank = await save({ ...both, openingHoursEn: [' '], savedAt: await savedAt() });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toContain(
      shopDetailsMessages.required('An English opening-hours line'),
    );
    const long = await save({ ...both, aboutEn: 'a'.repeat(601), savedAt: await savedAt() });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain(
      shopDetailsMessages.tooLong('The English About text', 600),
    );
  });

  it('writes a store pickup’s opening hours in the mail’s language', async () => {
    await save({ ...both, savedAt: await savedAt() });
    const ready = (locale: 'nb' | 'en') =>
      enqueueMail(
        ctx.db,
        orderReadyForPickupMail({
          locale,
          to: 'kari@example.no',
          name: 'Kari',
          publicUrl: 'https://shop.example',
          orderNumber: 10002,
        }),
      );
    expect((await ready('nb')).text).toContain('Mandag–fredag 10.00–18.00, Lørdag stengt');
    expect((await ready('en')).text).toContain('Monday–Friday 10:00–18:00, Saturday closed');
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
