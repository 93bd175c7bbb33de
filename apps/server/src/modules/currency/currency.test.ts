import { countries as countriesListData } from 'countries-list';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminExchangeRatesSchema,
  exchangeRatesMessages,
  type CountryOption,
  type MultiCurrencyResponse,
} from '@shop/shared';
import { bearer } from '../../test/account-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { required } from '../../test/catalog-fixtures.js';
import { norgesBankBody, startRatesServer, type Quote } from '../../test/norges-bank-stand-in.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { patiently, waitFor } from '../../test/wait-for.js';
import { defaultShippingZones, seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { shippingZoneCountries, shippingZones } from '../shipping/shipping.tables.js';
import {
  NORGES_BANK_SOURCE,
  refreshExchangeRates,
  seedExchangeRatesIfEmpty,
} from './currency.service.js';
import { exchangeRates } from './currency.tables.js';
import {
  EXCHANGE_RATES_SNAPSHOT_SOURCE,
  exchangeRatesSnapshot,
} from './exchange-rates-snapshot.js';
import { parseNorgesBankRates } from './norges-bank.js';

const quotes: Quote[] = [
  { currency: 'USD', nok: '10.2345' },
  { currency: 'EUR', nok: '11.5' },
  { currency: 'JPY', nok: '7.0812', unitMult: 2 },
  { currency: 'XDR', nok: '13.9' },
];

describe('currency API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedShippingRatesIfEmpty(ctx.db);
  });
  afterAll(async () => ctx?.close());

  async function multiCurrency(payload: unknown, url = '/api/multiCurrency') {
    const response = await ctx.app.inject({ method: 'POST', url, payload: payload as object });
    return {
      status: response.statusCode,
      body: response.json() as MultiCurrencyResponse & { message?: string },
    };
  }

  it('API-14 CONST-01 NOK multiplies by 1 and belongs to Norway (NOR)', async () => {
    expect(await multiCurrency({ currencyCode: 'NOK' })).toEqual({
      status: 200,
      body: { value: 1, code: 'NOK', countryCode: 'NOR' },
    });
  });

  it('API-14 CURPROD-03 answers the rate of the picked currency and echoes the country as alpha-3', async () => {
    expect(await multiCurrency({ currencyCode: 'EUR', countryCode: 'DEU' })).toEqual({
      status: 200,
      body: { value: exchangeRatesSnapshot.EUR, code: 'EUR', countryCode: 'DEU' },
    });
    expect((await multiCurrency({ currencyCode: 'EUR', countryCode: 'fi' })).body.countryCode).toBe(
      'FIN',
    );
    expect(await multiCurrency({ currencyCode: 'sek' })).toEqual({
      status: 200,
      body: { value: exchangeRatesSnapshot.SEK, code: 'SEK', countryCode: 'SWE' },
    });
    expect((await multiCurrency({ currencyCode: 'USD' })).body.countryCode).toBe('USA');
  });

  it('API-14 a converted amount is the NOK amount times the value', async () => {
    const { body } = await multiCurrency({ currencyCode: 'SEK' });
    expect(body.value).toBeGreaterThan(0.8);
    expect(body.value).toBeLessThan(1.1);
    const usd = await multiCurrency({ currencyCode: 'USD' });
    expect(100 * usd.body.value).toBeGreaterThan(8);
    expect(100 * usd.body.value).toBeLessThan(12);
  });

  it('API-01 answers /api/multiCurrency/ with a trailing slash too', async () => {
    expect(await multiCurrency({ currencyCode: 'NOK' }, '/api/multiCurrency/')).toEqual({
      status: 200,
      body: { value: 1, code: 'NOK', countryCode: 'NOR' },
    });
  });

  it.each([
    [{ currencyCode: 'XYZ' }, 404, 'Currency XYZ is not supported'],
    [{ currencyCode: 'EURO' }, 400, 'currencyCode must be a three-letter ISO 4217 code'],
    [{}, 400, 'currencyCode is required'],
    [{ currencyCode: 'EUR', countryCode: 'ZZ' }, 400, 'Unknown country code ZZ'],
    [{ currencyCode: 'EUR', countryCode: 'Germany' }, 400, 'countryCode must be an ISO 3166 code'],
  ])('API-02 %j answers %i {message}', async (payload, status, message) => {
    expect(await multiCurrency(payload)).toEqual({ status, body: { message } });
  });

  it('API-46 CURPROD-04 lists about 200 countries, Norway first, then alphabetically', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/countries' });
    expect(response.statusCode).toBe(200);
    const list = response.json() as CountryOption[];
    expect(list[0]).toEqual({
      Country: 'Norway',
      ISOCode: 'NOR',
      CurrencyCode: 'NOK',
      shipping: true,
      name: 'Norway',
    });
    expect(list.length).toBeGreaterThanOrEqual(195);
    const rest = list.slice(1).map((country) => country.Country);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list.find((country) => country.Country === 'Sweden')).toEqual({
      Country: 'Sweden',
      ISOCode: 'SWE',
      CurrencyCode: 'SEK',
      shipping: true,
      name: 'Sweden',
    });
    expect(list.find((country) => country.ISOCode === 'USA')).toMatchObject({
      CurrencyCode: 'USD',
      shipping: false,
    });
    expect(new Set(list.map((country) => country.ISOCode)).size).toBe(list.length);
    expect(list.every((country) => /^[A-Z]{3}$/.test(country.ISOCode))).toBe(true);
    expect(list.filter((country) => country.shipping)).toHaveLength(
      defaultShippingZones.flatMap((zone) => zone.countries).length,
    );
    expect(list.some((country) => country.ISOCode === 'ATA')).toBe(false);
  });

  it('names the countries in bokmål for a Norwegian reader, Norway first and then in its alphabet, keeping the English name saved addresses use (issue 31.5)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/countries',
      headers: { 'accept-language': 'nb' },
    });
    const list = response.json() as CountryOption[];
    expect(list[0]).toMatchObject({ Country: 'Norway', name: 'Norge' });
    expect(list.find((country) => country.ISOCode === 'SWE')).toMatchObject({
      Country: 'Sweden',
      name: 'Sverige',
    });
    const rest = list.slice(1).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'nb')));
    expect(rest.indexOf('Østerrike')).toBeGreaterThan(rest.indexOf('Zambia'));
  });

  it('API-46 marks as shipping exactly the countries of the shipping zones (issue 11)', async () => {
    const shippingCountries = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/countries' });
      return (response.json() as CountryOption[])
        .filter((country) => country.shipping)
        .map((country) => country.ISOCode)
        .sort();
    };
    expect(await shippingCountries()).toEqual(
      ['DEU', 'DNK', 'FIN', 'GBR', 'ISL', 'NLD', 'NOR', 'SWE'].sort(),
    );
    const [euZone] = await ctx.db
      .select({ id: shippingZones.id })
      .from(shippingZones)
      .where(eq(shippingZones.code, 'EU-UK'));
    const zoneId = required(euZone, 'EU-UK zone').id;
    await ctx.db.insert(shippingZoneCountries).values({ country: 'FR', zoneId });
    try {
      expect(await shippingCountries()).toContain('FRA');
    } finally {
      await ctx.db.delete(shippingZoneCountries).where(eq(shippingZoneCountries.country, 'FR'));
    }
    expect(await shippingCountries()).not.toContain('FRA');
  });

  it('API-46 every currency the country list offers can be converted', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/countries/' });
    const codes = [
      ...new Set((response.json() as CountryOption[]).map((country) => country.CurrencyCode)),
    ];
    expect(codes.length).toBeGreaterThan(140);
    for (const currencyCode of codes) {
      const { status, body } = await multiCurrency({ currencyCode });
      expect(status, currencyCode).toBe(200);
      expect(body.value, currencyCode).toBeGreaterThan(0);
    }
  });

  it('CURPROD-04 the bundled snapshot has a rate for every currency of countries-list', () => {
    const used = new Set(Object.values(countriesListData).flatMap((country) => country.currency));
    const missing = [...used].filter((code) => !(code in exchangeRatesSnapshot));
    expect(missing).toEqual([]);
    expect(exchangeRatesSnapshot.NOK).toBe(1);
  });

  it('CURPROD-04 seeding fills an empty table once and leaves a filled one alone', async () => {
    const rows = await ctx.db.select().from(exchangeRates);
    expect(rows).toHaveLength(Object.keys(exchangeRatesSnapshot).length);
    expect(rows.every((row) => row.source === EXCHANGE_RATES_SNAPSHOT_SOURCE)).toBe(true);
    expect(await seedExchangeRatesIfEmpty(ctx.db)).toBe(0);
  });

  it('API-46 a currency without a rate takes its countries out of the list', async () => {
    const [iceland] = await ctx.db
      .delete(exchangeRates)
      .where(eq(exchangeRates.currencyCode, 'ISK'))
      .returning();
    try {
      const list = (
        await ctx.app.inject({ method: 'GET', url: '/api/countries' })
      ).json() as CountryOption[];
      expect(list.some((country) => country.ISOCode === 'ISL')).toBe(false);
      expect(list.some((country) => country.ISOCode === 'SWE')).toBe(true);
      expect(await multiCurrency({ currencyCode: 'ISK' })).toEqual({
        status: 404,
        body: { message: 'Currency ISK is not supported' },
      });
    } finally {
      if (iceland) await ctx.db.insert(exchangeRates).values(iceland);
    }
  });

  it('CURPROD-03 the OpenAPI document describes the currency calls', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    expect(document.paths['/api/multiCurrency']?.post?.tags).toEqual(['Currency']);
    expect(document.paths['/api/countries']?.get?.summary).toBeTruthy();
  });
});

describe('Norges Bank refresh', () => {
  it('CURPROD-03 reads NOK per unit, honouring UNIT_MULT, as a NOK-based multiplier', () => {
    const rates = parseNorgesBankRates(norgesBankBody(quotes));
    expect(rates.get('USD')).toBeCloseTo(1 / 10.2345, 10);
    expect(rates.get('JPY')).toBeCloseTo(100 / 7.0812, 10);
    expect(rates.get('EUR')).toBeCloseTo(1 / 11.5, 10);
  });

  it('CURPROD-03 a malformed document is refused', () => {
    expect(() => parseNorgesBankRates({ data: { dataSets: [] } })).toThrow();
  });

  describe('against a local server', () => {
    let ctx: TestContext;
    let ratesServer: Awaited<ReturnType<typeof startRatesServer>>;
    let reply = { status: 200, body: norgesBankBody(quotes) as unknown };

    beforeAll(async () => {
      ratesServer = await startRatesServer(() => reply);
      ctx = await createTestApp();
    });
    afterAll(async () => {
      await ctx?.close();
      await ratesServer?.close();
    });

    it('CURPROD-03 replaces the quoted rates and ignores currencies no country uses', async () => {
      expect(await refreshExchangeRates(ctx.db, ratesServer.url)).toBe(3);
      expect(ratesServer.requests.at(-1)).toBe(
        '/api/data/EXR/B..NOK.SP?lastNObservations=1&format=sdmx-json',
      );
      const [usd] = await ctx.db
        .select()
        .from(exchangeRates)
        .where(eq(exchangeRates.currencyCode, 'USD'));
      expect(usd).toMatchObject({ rate: 1 / 10.2345, source: NORGES_BANK_SOURCE });
      const [xdr] = await ctx.db
        .select()
        .from(exchangeRates)
        .where(eq(exchangeRates.currencyCode, 'XDR'));
      expect(xdr).toBeUndefined();
      const [sek] = await ctx.db
        .select()
        .from(exchangeRates)
        .where(eq(exchangeRates.currencyCode, 'SEK'));
      expect(sek).toMatchObject({
        rate: exchangeRatesSnapshot.SEK,
        source: EXCHANGE_RATES_SNAPSHOT_SOURCE,
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/multiCurrency',
        payload: { currencyCode: 'JPY' },
      });
      expect(response.json()).toEqual({ value: 100 / 7.0812, code: 'JPY', countryCode: 'JPN' });
    });

    it('CURPROD-03 a failing Norges Bank leaves the stored rates untouched', async () => {
      reply = { status: 503, body: { message: 'maintenance' } };
      await expect(refreshExchangeRates(ctx.db, ratesServer.url)).rejects.toThrow('HTTP 503');
      const [eur] = await ctx.db
        .select()
        .from(exchangeRates)
        .where(eq(exchangeRates.currencyCode, 'EUR'));
      expect(eur?.rate).toBe(1 / 11.5);
      reply = { status: 200, body: norgesBankBody(quotes) };
    });
  });

  it('CURPROD-03 EXCHANGE_RATES_REFRESH refreshes when the app is ready', async () => {
    const ratesServer = await startRatesServer(() => ({
      status: 200,
      body: norgesBankBody([{ currency: 'GBP', nok: '13.75' }]),
    }));
    const ctx = await createTestApp({
      EXCHANGE_RATES_REFRESH: 'true',
      EXCHANGE_RATES_URL: ratesServer.url,
    });
    try {
      await waitFor(
        'the refresh to store the rates',
        async () => {
          const [gbp] = await ctx.db
            .select()
            .from(exchangeRates)
            .where(eq(exchangeRates.currencyCode, 'GBP'));
          return gbp?.source === NORGES_BANK_SOURCE;
        },
        patiently,
      );
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/multiCurrency',
        payload: { currencyCode: 'GBP' },
      });
      expect(response.json()).toEqual({ value: 1 / 13.75, code: 'GBP', countryCode: 'GBR' });
      expect(ratesServer.requests).toHaveLength(1);
    } finally {
      await ctx.close();
      await ratesServer.close();
    }
  });

  it('CURPROD-03 an unreachable Norges Bank never stops the start', async () => {
    const ratesServer = await startRatesServer(() => ({ status: 200, body: {} }));
    const unreachable = ratesServer.url;
    await ratesServer.close();
    const ctx = await createTestApp({
      EXCHANGE_RATES_REFRESH: 'true',
      EXCHANGE_RATES_URL: unreachable,
    });
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/multiCurrency',
        payload: { currencyCode: 'EUR' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        value: exchangeRatesSnapshot.EUR,
        code: 'EUR',
        countryCode: 'ALA',
      });
    } finally {
      await ctx.close();
    }
  });
});

describe('exchange rates in the back office (issue 14)', () => {
  it('lists each rate with its source and date, and the owner refreshes from Norges Bank now', async () => {
    let body = norgesBankBody([{ currency: 'USD', nok: '10.5' }]);
    let status = 200;
    const ratesServer = await startRatesServer(() => ({ status, body }));
    const ctx = await createTestApp({
      EXCHANGE_RATES_REFRESH: 'true',
      EXCHANGE_RATES_URL: ratesServer.url,
    });
    try {
      const owner = await createStaffMember(ctx.app, ctx.db);
      const staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Sam' });
      await waitFor('the refresh at start', () => ratesServer.requests.length === 1, patiently);
      body = norgesBankBody([{ currency: 'USD', nok: '9.75' }]);
      const refresh = (member: StaffMember) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/admin/exchange-rates/refresh',
          headers: bearer(member.session),
        });

      expect((await refresh(staff)).statusCode).toBe(403);
      const refreshed = await refresh(owner);
      expect(refreshed.statusCode).toBe(200);
      const answer = adminExchangeRatesSchema.parse(refreshed.json());
      expect(answer.refreshEnabled).toBe(true);
      const usd = answer.rates.find((rate) => rate.currencyCode === 'USD');
      expect(usd).toMatchObject({ rate: 1 / 9.75, source: NORGES_BANK_SOURCE });
      expect(answer.rates.find((rate) => rate.currencyCode === 'THB')?.source).toBe(
        EXCHANGE_RATES_SNAPSHOT_SOURCE,
      );

      // Norges Bank failing: the owner is told, and the stored rates stay.
      status = 500;
      const failed = await refresh(owner);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: exchangeRatesMessages.refreshFailed });
      const listed = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/exchange-rates',
        headers: bearer(staff.session),
      });
      expect(
        adminExchangeRatesSchema
          .parse(listed.json())
          .rates.find((rate) => rate.currencyCode === 'USD')?.rate,
      ).toBe(1 / 9.75);
    } finally {
      await ctx.close();
      await ratesServer.close();
    }
  });

  it('refuses "refresh now" when refreshing is turned off, changing nothing', async () => {
    const ctx = await createTestApp();
    try {
      const owner = await createStaffMember(ctx.app, ctx.db);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/exchange-rates/refresh',
        headers: bearer(owner.session),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: exchangeRatesMessages.refreshOff });
      const unauthenticated = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/exchange-rates',
      });
      expect(unauthenticated.statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});
