import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountServerMessages,
  type CleaningServiceTile,
  enquiryTexts,
  type EnquiryRequest,
  shopSettingDefaults,
} from '@shop/shared';
import { cleaningGallery } from './cleaning-gallery.js';
import { receivedMail, uniqueEmail, uniqueIp } from '../../test/account-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { enquiries } from './enquiries.tables.js';

// No enquiry address is set here: enquiries go to the shop's own e-mail of its details.
const SHOP_EMAIL = shopSettingDefaults.shopDetails.email;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const validEnquiry = (overrides: Partial<EnquiryRequest> = {}): EnquiryRequest => ({
  fullname: 'Åse Øren',
  email: uniqueEmail('enquirer'),
  phone: '+47 912 34 567',
  message: 'We need weekly cleaning of a 120 m² office in Oslo.',
  ...overrides,
});

const send = (payload: object, remoteAddress = uniqueIp()) =>
  ctx.app.inject({ remoteAddress, method: 'POST', url: '/api/notification/addenquiry', payload });

async function storedFor(email: string) {
  return ctx.db.select().from(enquiries).where(eq(enquiries.email, email));
}

describe('POST /api/notification/addenquiry', () => {
  it('API-42, ENQ-01, ROLE-05: a visitor without an account sends an enquiry: 201, stored and mailed to the shop', async () => {
    const enquiry = validEnquiry({
      message: 'Window cleaning <b>twice</b> a year & "deep" clean?\n\nCall after 16:00.',
    });
    const response = await send(enquiry);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: enquiryTexts.received });

    const [row] = await storedFor(enquiry.email ?? '');
    expect(row).toMatchObject({
      fullname: 'Åse Øren',
      phone: '+47 912 34 567',
      message: enquiry.message,
    });

    const mail = await receivedMail(ctx.app, SHOP_EMAIL, 'cleaning-enquiry');
    expect(mail?.subject).toBe('Cleaning enquiry from Åse Øren');
    for (const part of ['Åse Øren', '+47 912 34 567', enquiry.email ?? '', 'Call after 16:00.'])
      expect(mail?.text).toContain(part);
    expect(mail?.text).toContain('<b>twice</b> a year & "deep" clean?');
    expect(mail?.html).toContain('&lt;b&gt;twice&lt;/b&gt; a year &amp; &quot;deep&quot; clean?');
    expect(mail?.html).not.toContain('<b>twice</b>');
  });

  it('escapes every value the visitor typed in the HTML mail', async () => {
    const email = `x<script>${Date.now()}@example.no`;
    // The phone must look like one (issue 29.12), so the markup comes in the message.
    const response = await send(validEnquiry({ email, message: '<img src=x onerror=alert(1)>' }));
    expect(response.statusCode).toBe(201);
    const mail = await receivedMail(ctx.app, SHOP_EMAIL, 'cleaning-enquiry');
    expect(mail?.text).toContain(email);
    expect(mail?.html).not.toMatch(/<script|<img/);
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('VAL-28: the message is optional', async () => {
    const enquiry = validEnquiry({ message: '' });
    expect((await send(enquiry)).statusCode).toBe(201);
    const { message, ...withoutMessage } = validEnquiry();
    expect(message).not.toBe('');
    expect((await send(withoutMessage)).statusCode).toBe(201);
    expect(await storedFor(withoutMessage.email ?? '')).toMatchObject([{ message: '' }]);
  });

  it.each([
    ['VAL-24: a blank name', { fullname: '   ' }, enquiryTexts.invalidName],
    ['VAL-24: no name at all', { fullname: undefined }, enquiryTexts.invalidName],
    ['VAL-25: one word', { fullname: 'Hansen' }, enquiryTexts.invalidName],
    ['VAL-25: a one-letter word', { fullname: 'A Hansen' }, enquiryTexts.invalidName],
    ['VAL-25: digits in a name', { fullname: 'Kari N0rdmann' }, enquiryTexts.invalidName],
    [
      'VAL-26: an address without a domain ending',
      { email: 'kari@example' },
      enquiryTexts.invalidEmail,
    ],
    ['VAL-26: a seven-letter ending', { email: 'kari@example.toolong' }, enquiryTexts.invalidEmail],
    ['VAL-26: no address', { email: '' }, enquiryTexts.invalidEmail],
    ['VAL-27: a blank phone', { phone: '  ' }, enquiryTexts.invalidPhone],
    ['VAL-27: no phone', { phone: undefined }, enquiryTexts.invalidPhone],
    ['VAL-27: a phone without digits (issue 29.12)', { phone: '😀' }, enquiryTexts.invalidPhone],
    ['VAL-27: words for a phone (issue 29.12)', { phone: 'call me' }, enquiryTexts.invalidPhone],
    ['VAL-27: too few digits (issue 29.12)', { phone: '1234' }, enquiryTexts.invalidPhone],
    ['VAL-27: too many digits (issue 29.12)', { phone: '1'.repeat(16) }, enquiryTexts.invalidPhone],
    [
      'a message of 6,000 characters (issue 29.12)',
      { message: 'x'.repeat(6000) },
      'Message is too long (at most 2,000 characters).',
    ],
    [
      'a name past its field (issue 29.12)',
      { fullname: `Åse ${'Ø'.repeat(200)}` },
      'Full name is too long (at most 200 characters).',
    ],
  ])('refuses %s with the form’s message, storing nothing', async (_, overrides, message) => {
    const enquiry = { ...validEnquiry(), ...overrides };
    const response = await send(enquiry);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    if (enquiry.email) expect(await storedFor(enquiry.email)).toEqual([]);
  });

  it('accepts phones as people write them and a message of 2,000 characters (issue 29.12)', async () => {
    for (const phone of ['+47 912 34 567', '(+47) 912-34.567', '91234567', '22 00 00'])
      expect((await send(validEnquiry({ phone }))).statusCode, phone).toBe(201);
    expect((await send(validEnquiry({ message: 'x'.repeat(2000) }))).statusCode).toBe(201);
  });

  it('VAL-25: accepts accented two-word names', async () => {
    for (const fullname of ['Åse Øren', 'Zoë Ødegård-Berg', 'José  María Núñez'])
      expect((await send(validEnquiry({ fullname }))).statusCode).toBe(201);
  });

  it('refuses a body that is not an object', async () => {
    const response = await send(['Åse Øren', 'ase@example.no', '912 34 567']);
    expect(response.statusCode).toBe(400);
  });

  it('limits enquiries to 5 an hour from one client address', async () => {
    const remoteAddress = uniqueIp();
    const codes: number[] = [];
    for (let index = 0; index < 6; index += 1)
      codes.push((await send(validEnquiry(), remoteAddress)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    const blocked = validEnquiry();
    const response = await send(blocked, remoteAddress);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: accountServerMessages.tooManyAttempts });
    expect(response.headers['retry-after']).toBeDefined();
    expect(await storedFor(blocked.email ?? '')).toEqual([]);
  });

  it('limits enquiries to 3 an hour from one e-mail address, whatever client sends them', async () => {
    const email = uniqueEmail('busy');
    const codes: number[] = [];
    for (const variant of [email, email.toUpperCase(), ` ${email} `, email])
      codes.push((await send(validEnquiry({ email: variant }))).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
  });
});

describe('GET /api/cleaning/services', () => {
  it('CLEAN-03: a new shop shows the twelve tiles of the old page, spelled as in it, each with its icon', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/cleaning/services' });
    expect(response.statusCode).toBe(200);
    const tiles = response.json<CleaningServiceTile[]>();
    expect(tiles.map(({ name, icon }) => [name, icon])).toEqual([
      ['House Cleaning', 'house'],
      ['Moving-related Cleaning', 'box'],
      ['Deepclean', 'sparkle'],
      ['Office Cleaning', 'office'],
      ['WareHouse Cleaning', 'warehouse'],
      ['School/College Cleaning', 'school'],
      ['Window Cleaning', 'window'],
      ['Floor Treatment', 'floor'],
      ['Daily Cleaing', 'calendar'],
      ['Main Cleaning', 'broom'],
      ['Hygene Cleaning', 'shield'],
      ['Hospitality Cleaning', 'bed'],
    ]);
    expect(tiles[0]?.description).toBe(
      'Regular or one-off cleaning of every room, kitchen and bathroom included.',
    );
  });
});

describe('GET /api/cleaning/gallery', () => {
  it('CLEAN-04: lists the six photos a new shop starts with, with their alternative texts', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/cleaning/gallery' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(cleaningGallery.map(({ path, alt }) => ({ image: path, alt })));
    expect(new Set(cleaningGallery.map(({ path }) => path)).size).toBe(6);
  });
});
