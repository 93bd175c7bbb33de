import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountServerMessages,
  postalCodeResponseSchema,
  profileResponseSchema,
  type SavedAddress,
  sessionUserSchema,
  type SessionUser,
  shippingDetailsResponseSchema,
  norwegianPostalCodeProblem,
  shippingPriceResponseSchema,
  shippingTexts,
} from '@shop/shared';
import { bearer, createVerifiedUser, uniqueIp } from '../../test/account-fixtures.js';
import {
  type CatalogFixture,
  insertCatalogFixture,
  required,
} from '../../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { users } from '../accounts/accounts.tables.js';
import { productItems } from '../catalog/catalog.tables.js';
import { findCountry } from '../countries/countries.js';
import { seedPostalCodesIfEmpty } from './postal-register.service.js';
import { defaultShippingZones, seedShippingRatesIfEmpty } from './shipping-rates-seed.js';
import norwayPostalCodes from 'norway-postal-codes';
import { placeNameCase, shippingMessages } from './shipping.service.js';
import { shippingZoneCountries, shippingZones } from './shipping.tables.js';

let ctx: TestContext;
let fixture: CatalogFixture;
let user: SessionUser;

const itemId = (slug: string) => required(fixture.products[slug], slug).defaultItemId;

type Lines = [slug: string, qty: number][];

const shippingPrice = (
  lines: Lines,
  toCountryCode: string,
  toPostalCode: string,
  currencyCode = 'NOK',
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/orders/shippingPrice',
    payload: {
      order: {
        cart: {
          cartItems: lines.map(([slug, qty]) => ({ product: { _id: itemId(slug) }, qty })),
          quickBuy: false,
          toCountryCode,
          toPostalCode,
          currencyCode,
        },
      },
    },
  });

/** The NOK price of a delivery that must succeed. */
async function priceOf(lines: Lines, country: string, postalCode: string): Promise<number> {
  const response = await shippingPrice(lines, country, postalCode);
  expect(response.statusCode, response.body).toBe(200);
  return shippingPriceResponseSchema.parse(response.json()).shippingPrice;
}

async function refusal(lines: Lines, country: string, postalCode: string): Promise<string> {
  const response = await shippingPrice(lines, country, postalCode);
  expect(response.statusCode, response.body).toBe(400);
  return response.json<{ message: string }>().message;
}

const tea: Lines = [['green-tea', 1]];

const shippingAddress = {
  name: 'Kari Nordmann',
  phone: '+47 912 34 567',
  email: 'kari@example.no',
  address: 'Storgata 1',
  apartmentNumber: 'H0101',
  city: 'Oslo',
  country: 'NOR',
  postalCode: '0155',
};
const billingAddress = {
  name: 'Kari Nordmann',
  phone: '+46 8 123 456',
  email: 'kari@example.se',
  address: 'Drottninggatan 5',
  apartmentNumber: '',
  city: 'Stockholm',
  country: 'SWE',
  postalCode: '111 51',
};

const saveDetails = (payload: unknown, headers?: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/orders/shippingDetails',
    payload: payload as Record<string, unknown>,
    ...(headers ? { headers } : {}),
  });

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  await seedPostalCodesIfEmpty(ctx.db);
  // Fixture items weigh 500 g; tea is light and socks heavy, so bands are easy to reach.
  await ctx.db
    .update(productItems)
    .set({ weightGrams: 200 })
    .where(eq(productItems.id, itemId('green-tea')));
  await ctx.db
    .update(productItems)
    .set({ weightGrams: 2_500 })
    .where(eq(productItems.id, itemId('wool-socks')));
  user = await createVerifiedUser(ctx.app, ctx.db);
});

afterAll(async () => {
  await ctx?.close();
});

describe('default shipping rates', () => {
  it('put every country the shop ships to in a zone, once', async () => {
    const seeded = defaultShippingZones.flatMap((zone) => zone.countries);
    expect(new Set(seeded).size).toBe(seeded.length);
    expect(seeded.filter((code) => findCountry(code)?.alpha2 !== code)).toEqual([]);
    const rows = await ctx.db
      .select({ country: shippingZoneCountries.country })
      .from(shippingZoneCountries);
    expect(rows.map((row) => row.country).sort()).toEqual([...seeded].sort());
    expect(await seedShippingRatesIfEmpty(ctx.db)).toBe(0);
    const zones = await ctx.db.select({ code: shippingZones.code }).from(shippingZones);
    expect(zones.map((zone) => zone.code).sort()).toEqual(['EU-UK', 'NO', 'NORDIC']);
  });
});

describe('POST /api/orders/shippingPrice', () => {
  it('API-19: answers the NOK price of a Norwegian delivery, ignoring the currency code', async () => {
    expect(await priceOf(tea, 'NO', '0155')).toBe(79);
    const inSek = await shippingPrice(tea, 'NOR', '0155', 'SEK');
    expect(inSek.statusCode).toBe(200);
    expect(inSek.json()).toEqual({ shippingPrice: 79 });
  });

  it('prices by weight band: a heavier cart costs more', async () => {
    expect(await priceOf([['wool-socks', 1]], 'NO', '5003')).toBe(129); // 2.5 kg
    expect(await priceOf([['wool-socks', 3]], 'NO', '5003')).toBe(179); // 7.5 kg
    expect(await priceOf([['wool-socks', 9]], 'NO', '5003')).toBe(299); // 22.5 kg
    // Repeated lines of one item add up, as in the cart.
    expect(
      await priceOf(
        [
          ['wool-socks', 1],
          ['wool-socks', 2],
        ],
        'NO',
        '5003',
      ),
    ).toBe(179);
    expect(await priceOf(tea, 'SE', '111 51')).toBe(199);
    expect(await priceOf([['wool-socks', 3]], 'DK', '2100')).toBe(399);
    expect(await priceOf([['wool-socks', 3]], 'DE', '10115')).toBe(499);
  });

  it('ships free from the zone threshold on selling prices; the UK zone never ships free', async () => {
    // 5 × 199 = 995 NOK, under 1 000.
    expect(await priceOf([['ethiopian-coffee-beans', 5]], 'NO', '0155')).toBe(129);
    // 995 + 79 = 1 074 NOK.
    expect(
      await priceOf(
        [
          ['ethiopian-coffee-beans', 5],
          ['green-tea', 1],
        ],
        'NO',
        '0155',
      ),
    ).toBe(0);
    // 4 × 299 = 1 196 before its 20 % discount, 956.80 after: not free.
    expect(await priceOf([['hemp-t-shirt', 4]], 'NO', '0155')).toBe(129);
    // The Nordic threshold is 2 500 NOK: 12 × 199 = 2 388 is under it, 13 × 199 = 2 587 over.
    expect(await priceOf([['ethiopian-coffee-beans', 12]], 'FI', '00100')).toBe(399);
    expect(await priceOf([['ethiopian-coffee-beans', 13]], 'FI', '00100')).toBe(0);
    expect(await priceOf([['ethiopian-coffee-beans', 20]], 'GB', 'SW1A 1AA')).toBe(499);
  });

  it('refuses a parcel heavier than every band, even above the free-shipping threshold', async () => {
    // 8 kg of socks fits the Nordic 10 kg band; 22.5 kg passes its heaviest band of 20 kg.
    expect(await priceOf([['wool-socks', 4]], 'SE', '11151')).toBe(399);
    expect(await refusal([['wool-socks', 9]], 'SE', '11151')).toBe(shippingMessages.tooHeavy);
    // 37.5 kg and 1 485 NOK: over Norway's free threshold, but no carrier band takes it.
    expect(await refusal([['wool-socks', 15]], 'NO', '0155')).toBe(shippingMessages.tooHeavy);
  });

  it('ORDER-10: refuses Svalbard (9170–9179) by name and delivers to 9180 Skjervøy', async () => {
    for (const postalCode of ['9170', '9171', '9173', '9179']) {
      expect(await refusal(tea, 'NO', postalCode)).toBe(shippingMessages.svalbard);
    }
    expect(shippingMessages.svalbard).toBe(
      'We cannot deliver to Svalbard. Please choose Store Pickup or another address.',
    );
    expect(await priceOf(tea, 'NO', '9180')).toBe(79);
    expect(await refusal(tea, 'SJ', '9170')).toBe(shippingMessages.svalbardAndJanMayen);
  });

  it('refuses Jan Mayen (8099) by name', async () => {
    expect(await refusal(tea, 'NO', '8099')).toBe(shippingMessages.janMayen);
    expect(shippingMessages.janMayen).toBe(
      'We cannot deliver to Jan Mayen. Please choose Store Pickup or another address.',
    );
  });

  it('refuses a Norwegian postal code that is not four digits', async () => {
    for (const postalCode of ['12345', '015', 'abcd', '']) {
      expect(await refusal(tea, 'NO', postalCode)).toBe(
        'Please enter a valid Norwegian postal code',
      );
    }
  });

  it('prices a well-formed Norwegian code the register does not hold yet (issue 14)', async () => {
    for (const postalCode of ['0002', '0011', '9990'])
      expect(await priceOf(tea, 'NO', postalCode)).toBe(79);
  });

  it("refuses Norwegian codes outside Posten's numbers, 0001 to 9991, as not valid (issue 29.7)", async () => {
    for (const postalCode of ['0000', '9992', '9999'])
      expect(await refusal(tea, 'NO', postalCode)).toBe(
        'Please enter a valid Norwegian postal code',
      );
    for (const postalCode of ['0001', '9991'])
      expect(await priceOf(tea, 'NO', postalCode)).toBe(79);
  });

  it("every code of the bundled register is within the rule's numbers (issue 29.7)", () => {
    const codes = Object.keys(norwayPostalCodes);
    expect(codes.length).toBeGreaterThan(5000);
    expect(codes.filter((code) => norwegianPostalCodeProblem(code) !== undefined)).toEqual([]);
    expect(codes.sort().at(0)).toBe('0001');
    expect(codes.sort().at(-1)).toBe('9991');
  });

  it('ORDER-11: refuses a country the shop does not ship to and accepts alpha-3 codes', async () => {
    expect(await refusal(tea, 'US', '10001')).toBe('We do not ship to United States yet.');
    expect(await refusal(tea, 'FRA', '75001')).toBe('We do not ship to France yet.');
    expect(await refusal(tea, 'XX', '12345')).toBe('Please choose a country we ship to');
    expect(await refusal(tea, '', '0155')).toBe('Please choose a country we ship to');
    expect(await priceOf(tea, 'SWE', '111 51')).toBe(199);
    expect(await priceOf(tea, 'swe', '11151')).toBe(199);
  });

  it('checks the postal code format of the other countries', async () => {
    const accepted: [string, string][] = [
      ['SE', '11151'],
      ['DK', '2100'],
      ['FI', '00100'],
      ['IS', '101'],
      ['DE', '10115'],
      ['NL', '1012 AB'],
      ['NL', '1012ab'],
      ['GB', 'SW1A 1AA'],
      ['GB', 'm1 1ae'],
      ['GB', 'EC1A1BB'],
    ];
    for (const [country, postalCode] of accepted) {
      expect(await shippingPrice(tea, country, postalCode).then((r) => r.statusCode)).toBe(200);
    }
    const refused: [string, string, string][] = [
      ['SE', '1115', 'Sweden'],
      ['DK', '21000', 'Denmark'],
      ['FI', '0010', 'Finland'],
      ['IS', '1010', 'Iceland'],
      ['DE', '1011', 'Germany'],
      ['NL', '0123 AB', 'Netherlands'],
      ['NL', '1012', 'Netherlands'],
      ['GB', '12345', 'United Kingdom'],
      ['GB', '', 'United Kingdom'],
    ];
    for (const [country, postalCode, name] of refused) {
      expect(await refusal(tea, country, postalCode)).toBe(
        `Please enter a valid postal code for ${name}`,
      );
    }
  });

  it('refuses a cart whose items no longer exist, and an empty cart', async () => {
    const gone = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/shippingPrice',
      payload: {
        order: {
          cart: {
            cartItems: [{ product: { _id: randomUUID() }, qty: 1 }],
            toCountryCode: 'NO',
            toPostalCode: '0155',
          },
        },
      },
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toEqual({ message: 'The cart is empty' });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/shippingPrice',
      payload: { order: { cart: { cartItems: [], toCountryCode: 'NO', toPostalCode: '0155' } } },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'The cart is empty' });
  });
});

describe('GET /api/postal-codes/:country/:code', () => {
  const lookup = (country: string, code: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/postal-codes/${country}/${code}` });

  it('answers the place of a Norwegian postal code, written as places are', async () => {
    const cases: [string, string, string][] = [
      ['NO', '0155', 'Oslo'],
      ['NOR', '8622', 'Mo i Rana'],
      ['no', '2324', 'Vang på Hedmarken'],
      ['NO', '1592', 'Våler i Østfold'],
      ['NO', '2645', 'Sør-Fron'],
      ['NO', '9173', 'Ny-Ålesund'],
      ['NO', '4604', 'Kristiansand S'],
    ];
    for (const [country, code, city] of cases) {
      const response = await lookup(country, code);
      expect(response.statusCode).toBe(200);
      expect(postalCodeResponseSchema.parse(response.json())).toEqual({ postalCode: code, city });
    }
  });

  it('answers 404 for an unknown code and for other countries', async () => {
    for (const [country, code] of [
      ['NO', '0000'],
      ['NO', 'abcd'],
      ['NO', 'constructor'],
      ['SE', '11151'],
      ['US', '10001'],
    ] as const) {
      const response = await lookup(country, code);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Unknown postal code' });
    }
  });

  it('writes place names with lower-case i, og and på', () => {
    expect(placeNameCase('OSLO')).toBe('Oslo');
    expect(placeNameCase('MO I RANA')).toBe('Mo i Rana');
    expect(placeNameCase('BØ I TELEMARK')).toBe('Bø i Telemark');
    expect(placeNameCase('SKODJE OG ØRSKOG')).toBe('Skodje og Ørskog');
  });
});

describe('POST /api/orders/shippingDetails', () => {
  it('API-20, ORDER-27: saves both addresses with alpha-2 countries, shown on the profile', async () => {
    const response = await saveDetails(
      { shippingDetails: shippingAddress, billingAddress },
      bearer(user),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = shippingDetailsResponseSchema.parse(response.json());
    const expected: { shippingDetails: SavedAddress; billingAddress: SavedAddress } = {
      shippingDetails: { ...shippingAddress, country: 'NO' },
      billingAddress: { ...billingAddress, country: 'SE' },
    };
    expect(saved).toEqual(expected);

    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/subscribers/profile',
      headers: bearer(user),
    });
    expect(profileResponseSchema.parse(profile.json()).user).toMatchObject(expected);
    const [row] = await ctx.db
      .select({ shippingDetails: users.shippingDetails, billingAddress: users.billingAddress })
      .from(users)
      .where(eq(users.id, user._id));
    expect(row).toEqual(expected);
  });

  it('surfaces the shipping form rules as 400 {message}', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { shippingDetails: { ...shippingAddress, name: 'Kari' }, billingAddress },
        shippingTexts.invalidName,
      ],
      [{ shippingDetails: { ...shippingAddress, phone: ' ' }, billingAddress }, 'Invalid Phone!'],
      [
        { shippingDetails: shippingAddress, billingAddress: { ...billingAddress, phone: '' } },
        'Invalid Phone',
      ],
      [
        { shippingDetails: { ...shippingAddress, email: 'kari@x' }, billingAddress },
        'Invalid Email!',
      ],
      [{ shippingDetails: { ...shippingAddress, city: '' }, billingAddress }, 'Invalid city!'],
      [
        { shippingDetails: shippingAddress, billingAddress: { ...billingAddress, city: '' } },
        'Invalid City!',
      ],
      [
        { shippingDetails: { ...shippingAddress, country: '' }, billingAddress },
        'Invalid Country!',
      ],
      [
        { shippingDetails: { ...shippingAddress, postalCode: '' }, billingAddress },
        'Shipping postal code is required',
      ],
      [
        { shippingDetails: shippingAddress, billingAddress: { ...billingAddress, postalCode: '' } },
        'Invalid Postal Code!',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await saveDetails(payload, bearer(user));
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('refuses a shipping address the shop does not deliver to; billing may be anywhere', async () => {
    const refusals: [SavedAddress, string][] = [
      [
        { ...shippingAddress, country: 'USA', postalCode: '10001' },
        'We do not ship to United States yet.',
      ],
      [{ ...shippingAddress, postalCode: '9171' }, shippingMessages.svalbard],
      [{ ...shippingAddress, postalCode: '015' }, 'Please enter a valid Norwegian postal code'],
      [{ ...shippingAddress, postalCode: '0000' }, 'Please enter a valid Norwegian postal code'],
      [{ ...shippingAddress, country: 'QQQ' }, 'Please choose a country we ship to'],
    ];
    for (const [shippingDetails, message] of refusals) {
      const response = await saveDetails({ shippingDetails, billingAddress }, bearer(user));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const unknownBilling = await saveDetails(
      { shippingDetails: shippingAddress, billingAddress: { ...billingAddress, country: 'QQ' } },
      bearer(user),
    );
    expect(unknownBilling.json()).toEqual({ message: 'Invalid Country!' });
    const american = await saveDetails(
      {
        shippingDetails: shippingAddress,
        billingAddress: { ...billingAddress, country: 'USA', postalCode: '10001' },
      },
      bearer(user),
    );
    expect(american.statusCode).toBe(200);
    expect(american.json().billingAddress.country).toBe('US');
  });

  it('a Norwegian billing address needs a real postal code; Svalbard may be billed (issue 29.7)', async () => {
    const norwegian = { ...billingAddress, country: 'NOR', city: 'Oslo' };
    const unreal = await saveDetails(
      { shippingDetails: shippingAddress, billingAddress: { ...norwegian, postalCode: '0000' } },
      bearer(user),
    );
    expect(unreal.statusCode).toBe(400);
    expect(unreal.json()).toEqual({ message: shippingTexts.invalidBillingPostalCode });
    const svalbard = await saveDetails(
      { shippingDetails: shippingAddress, billingAddress: { ...norwegian, postalCode: '9171' } },
      bearer(user),
    );
    expect(svalbard.statusCode).toBe(200);
  });

  it('answers a value longer than its field in words, never the validator’s own text (issue 29.12)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { shippingDetails: { ...shippingAddress, address: 'x'.repeat(201) }, billingAddress },
        'Address is too long (at most 200 characters).',
      ],
      [
        {
          shippingDetails: shippingAddress,
          billingAddress: { ...billingAddress, city: 'y'.repeat(201) },
        },
        'City is too long (at most 200 characters).',
      ],
      [
        {
          shippingDetails: shippingAddress,
          billingAddress: { ...billingAddress, postalCode: '1'.repeat(21) },
        },
        'Postal code is too long (at most 20 characters).',
      ],
      [
        { shippingDetails: { ...shippingAddress, phone: '9'.repeat(201) }, billingAddress },
        'Phone number is too long (at most 200 characters).',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await saveDetails(payload, bearer(user));
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const quote = await shippingPrice(tea, 'NO', '1'.repeat(21));
    expect(quote.json()).toEqual({ message: 'Postal code is too long (at most 20 characters).' });
  });

  it('VAL-36: address line 2 may be empty', async () => {
    const response = await saveDetails(
      { shippingDetails: { ...shippingAddress, apartmentNumber: '' }, billingAddress },
      bearer(user),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().shippingDetails.apartmentNumber).toBe('');
  });

  it('answers 401 without a token and 403 for a guest session', async () => {
    const anonymous = await saveDetails({ shippingDetails: shippingAddress, billingAddress });
    expect(anonymous.statusCode).toBe(401);
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscribers/guest',
      remoteAddress: uniqueIp(),
    });
    const guest = sessionUserSchema.parse(session.json());
    const response = await saveDetails(
      { shippingDetails: shippingAddress, billingAddress },
      bearer(guest),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: accountServerMessages.guestNotAllowed });
  });
});
