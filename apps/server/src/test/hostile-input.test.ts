import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disallowedCharactersMessage, MAX_PRICE_FILTER_NOK, type SessionUser } from '@shop/shared';
import { appleUserName } from '../modules/accounts/social-sign-in.js';
import {
  bearer,
  createVerifiedUser,
  strongPassword,
  uniqueEmail,
  uniqueIp,
} from './account-fixtures.js';
import { insertCatalogFixture, required, type CatalogFixture } from './catalog-fixtures.js';
import { line, osloAddress, captureAtOrder } from './checkout-fixtures.js';
import { createStaffMember } from './staff-session.js';
import { createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
let fixture: CatalogFixture;
let user: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  ctx = await createTestApp();
  await captureAtOrder(ctx.db);
  fixture = await insertCatalogFixture(ctx.db);
  user = await createVerifiedUser(ctx.app, ctx.db);
  admin = (await createStaffMember(ctx.app, ctx.db)).session;
});
afterAll(() => ctx.close());

const product = (slug: string) => required(fixture.products[slug], slug);
const category = (slug: string) => required(fixture.categories[slug], slug);

async function send(options: InjectOptions) {
  return ctx.app.inject({ remoteAddress: uniqueIp(), ...options });
}

describe('an empty query parameter means the default (issue 10.18)', () => {
  it('GET /api/reviews/product/{id}?sort= sorts newest first', async () => {
    const url = `/api/reviews/product/${product('acacia-honey').id}`;
    const empty = await send({ url: `${url}?sort=` });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual((await send({ url })).json());
  });

  it('GET /api/products/website?keyword= answers the newest products', async () => {
    const empty = await send({ url: '/api/products/website?keyword=' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual((await send({ url: '/api/products/website' })).json());
  });

  it('POST /api/products/category/{id}?page=&limit= answers every match', async () => {
    const url = `/api/products/category/${category('food')}`;
    const empty = await send({ method: 'POST', url: `${url}?page=&limit=`, payload: {} });
    expect(empty.statusCode).toBe(200);
    const all = await send({ method: 'POST', url, payload: {} });
    expect(empty.json()).toEqual(all.json());
    const onlyLimitEmpty = await send({ method: 'POST', url: `${url}?page=1&limit=`, payload: {} });
    expect(onlyLimitEmpty.statusCode).toBe(200);
  });

  it('GET /api/products/{slug}/slug with an empty option answers the default item', async () => {
    const url = '/api/products/hemp-t-shirt/slug';
    const empty = await send({ url: `${url}?Color=` });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual((await send({ url })).json());
  });

  it('GET /api/admin/reviews?status= lists the pending reviews', async () => {
    const empty = await send({ url: '/api/admin/reviews?status=', headers: bearer(admin) });
    expect(empty.statusCode).toBe(200);
    const pending = await send({ url: '/api/admin/reviews', headers: bearer(admin) });
    expect(empty.json()).toEqual(pending.json());
  });

  it('an empty parameter given twice with a value keeps the value', async () => {
    const url = `/api/reviews/product/${product('acacia-honey').id}?sort=&sort=rating:1`;
    expect((await send({ url })).statusCode).toBe(200);
  });
});

describe('NUL bytes and lone surrogates answer 400 {message} (issue 10.20)', () => {
  const refused = async (options: InjectOptions, field: string) => {
    const response = await send(options);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: `${field}: ${disallowedCharactersMessage}` });
  };
  const address = (name: string) => ({ ...osloAddress, name });

  it('in the login e-mail and the sign-up name', async () => {
    await refused(
      {
        method: 'POST',
        url: '/api/subscribers/login',
        payload: { email: 'kari\u0000@example.no', password: strongPassword },
      },
      'email',
    );
    await refused(
      {
        method: 'POST',
        url: '/api/subscribers',
        payload: { name: 'Kari\u0000Nordmann', email: uniqueEmail(), password: strongPassword },
      },
      'name',
    );
  });

  it('in profile fields', async () => {
    await refused(
      {
        method: 'PUT',
        url: `/api/subscribers/${user._id}`,
        headers: bearer(user),
        payload: { name: 'Kari Nordmann', city: 'Os\u0000lo' },
      },
      'city',
    );
  });

  it('in shipping details, NUL and a lone surrogate alike', async () => {
    for (const name of ['Kari\u0000 Nordmann', 'Kari\ud800 Nordmann'])
      await refused(
        {
          method: 'POST',
          url: '/api/orders/shippingDetails',
          headers: bearer(user),
          payload: { shippingDetails: address(name), billingAddress: osloAddress },
        },
        'shippingDetails.name',
      );
  });

  it('in an enquiry, the message included', async () => {
    const enquiry = {
      fullname: 'Kari Nordmann',
      email: 'kari@example.no',
      phone: '+47 912 34 567',
      message: 'Hello',
    };
    await refused(
      {
        method: 'POST',
        url: '/api/notification/addenquiry',
        payload: { ...enquiry, fullname: 'Kari\u0000 Nordmann' },
      },
      'fullname',
    );
    await refused(
      {
        method: 'POST',
        url: '/api/notification/addenquiry',
        payload: { ...enquiry, message: 'Hel\u0000lo' },
      },
      'message',
    );
  });

  it('in coupon codes, in the body and in the path', async () => {
    await refused({ url: '/api/promo/a%00b' }, 'code');
    await refused(
      {
        method: 'POST',
        url: '/api/orders/cart',
        payload: {
          cartItems: [line(product('acacia-honey').defaultItemId)],
          couponCode: 'a\u0000b',
        },
      },
      'couponCode',
    );
  });

  it('in a product slug and a payment id', async () => {
    await refused({ url: '/api/products/a%00b/slug' }, 'slug');
    await refused(
      {
        method: 'POST',
        url: '/api/orders',
        headers: bearer(user),
        payload: {
          paymentId: 'a\u0000b',
          orderItems: [line(product('acacia-honey').defaultItemId)],
        },
      },
      'paymentId',
    );
  });

  it("leaves out a name in Apple's posted user JSON that could not be stored", () => {
    expect(appleUserName('{"name":{"firstName":"Kari","lastName":"Nordmann"}}')).toBe(
      'Kari Nordmann',
    );
    expect(appleUserName('{"name":{"firstName":"Ka\\u0000ri"}}')).toBeUndefined();
  });

  it('in the test payment widget, which reads its payment id from the path', async () => {
    await refused(
      { url: '/payments/test/widget/a%00b?checkoutKey=test-checkout-key' },
      'paymentId',
    );
  });

  it('keeps newlines in free text such as an enquiry message', async () => {
    const response = await send({
      method: 'POST',
      url: '/api/notification/addenquiry',
      payload: {
        fullname: 'Kari Nordmann',
        email: uniqueEmail('enquiry'),
        phone: '+47 912 34 567',
        message: 'First line\nSecond line',
      },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('a NUL byte in any id or text a route reads answers 4xx, never 5xx (issue 29.17)', () => {
  const webhookAuthorization = () => {
    const provider = ctx.app.paymentProvider;
    return 'webhookAuthorization' in provider ? String(provider.webhookAuthorization) : '';
  };

  it("in the payment webhook's paymentId and event, sent with the provider's authorization", async () => {
    const webhook = (payload: object) =>
      send({
        method: 'POST',
        url: '/api/payments/webhook/test',
        headers: { authorization: webhookAuthorization() },
        payload: payload as Record<string, unknown>,
      });
    const refusedWebhook = async (payload: object, field: string) => {
      const response = await webhook(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: `${field}: ${disallowedCharactersMessage}` });
    };
    await refusedWebhook(
      { event: 'payment.reservation.created.v2', data: { paymentId: 'a\u0000b' } },
      'data.paymentId',
    );
    await refusedWebhook(
      { event: 'payment.reservation.created.v2', data: { paymentId: 'a\ud800b' } },
      'data.paymentId',
    );
    await refusedWebhook({ event: 'payment.\u0000created', data: { paymentId: 'x' } }, 'event');
    // A plain unknown id is still a notification the shop reads and answers 200.
    const unknown = await webhook({ event: 'payment.charge.created.v2', data: { paymentId: 'x' } });
    expect(unknown.statusCode).toBe(200);
  });

  it('in every path parameter, query parameter and body string of every documented route, as the owner', async () => {
    const document = ctx.app.swagger() as {
      paths: Record<string, Record<string, SweptOperation>>;
    };
    const nul = 'a\u0000b';
    const answers: string[] = [];
    let sent = 0;
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const parameters = operation.parameters ?? [];
        const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
        const queryParameters = parameters.filter(
          (parameter) => parameter.in === 'query' && stringish(parameter.schema),
        );
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const body = bodySchema === undefined ? undefined : sampleOf(bodySchema);
        const url = (nulIn?: string) =>
          path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
            name === nulIn ? 'a%00b' : sampleSegment(name, parameters),
          );
        const variants: { url: string; payload?: unknown; where: string }[] = [
          ...pathParameters.map((parameter) => ({
            url: url(parameter.name),
            payload: body,
            where: `path ${parameter.name}`,
          })),
          ...queryParameters.map((parameter) => ({
            url: `${url()}?${parameter.name}=a%00b`,
            payload: body,
            where: `query ${parameter.name}`,
          })),
          ...stringLeaves(body).map((leaf) => ({
            url: url(),
            payload: withValue(body, leaf, nul),
            where: `body ${leaf.join('.')}`,
          })),
        ];
        for (const variant of variants) {
          const response = await send({
            method: method.toUpperCase() as InjectOptions['method'],
            url: variant.url,
            headers: {
              ...bearer(admin),
              ...(path.startsWith('/api/payments/webhook')
                ? { authorization: webhookAuthorization() }
                : {}),
            },
            ...(variant.payload === undefined
              ? {}
              : { payload: variant.payload as Record<string, unknown> }),
          });
          sent += 1;
          if (response.statusCode < 400 || response.statusCode >= 500)
            answers.push(
              `${response.statusCode} ${method.toUpperCase()} ${path} (${variant.where}): ${response.body.slice(0, 160)}`,
            );
        }
      }
    expect(sent).toBeGreaterThan(300);
    expect(answers).toEqual([]);
  }, 300_000);
});

describe('deeply nested JSON (issue 10.21)', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

  for (const [url, body] of [
    ['/api/multiCurrency', (deep: string) => `{"currencyCode":"EUR","x":${deep}}`],
    ['/api/products/category/{id}', (deep: string) => `{"subfilter":${deep}}`],
  ] as const) {
    it(`a body nested 10,000 deep to POST ${url} answers 400 {message}`, async () => {
      const response = await send({
        method: 'POST',
        url: url.replace('{id}', category('food')),
        headers: { 'content-type': 'application/json' },
        payload: body(nested(10_000)),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The request body is nested more than 32 levels deep',
      });
    });
  }

  it('a body of ordinary depth is read as before, brackets inside strings not counted', async () => {
    const response = await send({
      method: 'POST',
      url: `/api/products/category/${category('food')}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"sortby":"","subfilter":[[["${'['.repeat(100)}"]]]}`,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the price filter (issue 17.2)', () => {
  const list = (payload: object) =>
    send({ method: 'POST', url: `/api/products/category/${category('food')}`, payload });

  it('a max above what a price can be answers 400 {message} (issue 17.2)', async () => {
    for (const max of [1e12, 1e308, '1e308', MAX_PRICE_FILTER_NOK + 1]) {
      const response = await list({ min: 0, max });
      expect(response.statusCode, String(max)).toBe(400);
      expect(response.json()).toEqual({ message: `max must be at most ${MAX_PRICE_FILTER_NOK}` });
    }
    const min = await list({ min: 1e12 });
    expect(min.json()).toEqual({ message: `min must be at most ${MAX_PRICE_FILTER_NOK}` });
  });

  it('the highest price filter is still answered (issue 17.2)', async () => {
    const response = await list({ min: 0, max: MAX_PRICE_FILTER_NOK });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ count: number }>().count).toBeGreaterThan(0);
  });
});

interface SweptSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  properties?: Record<string, SweptSchema>;
  required?: string[];
  items?: SweptSchema;
  anyOf?: SweptSchema[];
  oneOf?: SweptSchema[];
}
interface SweptParameter {
  name: string;
  in: string;
  schema?: SweptSchema;
}
interface SweptOperation {
  parameters?: SweptParameter[];
  requestBody?: { content?: Record<string, { schema?: SweptSchema }> };
}

const stringish = (schema: SweptSchema | undefined): boolean =>
  schema !== undefined &&
  (schema.type === 'string' ||
    (Array.isArray(schema.type) && schema.type.includes('string')) ||
    (schema.anyOf ?? schema.oneOf ?? []).some(stringish));

/** A value the schema accepts as far as a generator can tell: every required field, plausible. */
function sampleOf(schema: SweptSchema): unknown {
  const option = (schema.anyOf ?? schema.oneOf)?.[0];
  if (option) return sampleOf(option);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sampleOf(property)]),
      );
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () =>
        sampleOf(schema.items ?? {}),
      );
    case 'string':
      if (schema.format === 'uuid') return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
      if (schema.format === 'email') return 'kari@example.no';
      if (schema.format === 'date') return '2025-03-31';
      if (schema.format === 'date-time') return '2025-03-31T12:00:00Z';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function sampleSegment(name: string, parameters: SweptParameter[]): string {
  const schema = parameters.find((parameter) => parameter.name === name)?.schema;
  const value = schema === undefined ? 'x' : sampleOf(schema);
  return encodeURIComponent(String(value));
}

/** The paths of every string inside a sampled value. */
function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

function withValue(value: unknown, path: (string | number)[], replacement: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? withValue(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withValue(record[head], rest, replacement) };
}
