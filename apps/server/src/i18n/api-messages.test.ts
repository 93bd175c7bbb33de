import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createVerifiedUser, uniqueIp } from '../test/account-fixtures.js';
import { insertCatalogFixture, required, type CatalogFixture } from '../test/catalog-fixtures.js';
import { createStaffMember, type StaffMember } from '../test/staff-session.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
let fixture: CatalogFixture;
let owner: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await insertCatalogFixture(ctx.db);
  owner = await createStaffMember(ctx.app, ctx.db);
});
afterAll(() => ctx?.close());

const norwegian = { 'accept-language': 'nb-NO,nb;q=0.9' };
const english = { 'accept-language': 'en' };

/** The status and message of one request asked in each way: Norwegian, English and no hint. */
async function inEachLanguage(options: InjectOptions) {
  const ask = async (headers: Record<string, string>) => {
    const answer = await ctx.app.inject({
      ...options,
      headers: { ...options.headers, ...headers },
    });
    return { status: answer.statusCode, message: answer.json<{ message: string }>().message };
  };
  return { nb: await ask(norwegian), en: await ask(english), none: await ask({}) };
}

// Issue 31.6: the API answers in the language asked for, and in the spec's English otherwise.
describe('API messages in the asked language', () => {
  it('answers a missing product (404) in bokmål when Norwegian is preferred', async () => {
    const answers = await inEachLanguage({ url: '/api/products/no-such-product/slug' });
    expect(answers.nb).toEqual({ status: 404, message: 'Fant ikke produktet' });
    expect(answers.en).toEqual({ status: 404, message: 'Product not found' });
    expect(answers.none).toEqual(answers.en);
  });

  it('answers a wrong password (401) in bokmål, and keeps the contract’s token message', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const answers = await inEachLanguage({
      method: 'POST',
      url: '/api/subscribers/login',
      remoteAddress: uniqueIp(),
      payload: { email: user.email, password: 'Wr0ng pass!' },
    });
    expect(answers.nb).toEqual({ status: 401, message: 'Feil e-post eller passord' });
    expect(answers.en).toEqual({ status: 401, message: 'Invalid email or password' });
    expect(answers.none).toEqual(answers.en);

    const unsigned = await inEachLanguage({ url: '/api/products/wishlist' });
    expect(unsigned.nb).toEqual({ status: 401, message: 'Not authorize, token failed' });
    expect(unsigned.none).toEqual(unsigned.nb);
  });

  it('answers a success sentence in bokmål too: a forgotten password, a logout', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const forgot = await inEachLanguage({
      method: 'POST',
      url: '/api/subscribers/forgot-password',
      remoteAddress: uniqueIp(),
      payload: { email: 'nobody@example.no' },
    });
    expect(forgot.en.status).toBe(200);
    expect(forgot.none).toEqual(forgot.en);
    expect(forgot.nb.status).toBe(200);
    expect(forgot.nb.message).not.toBe(forgot.en.message);

    const loggedOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscribers/logout',
      headers: { ...bearer(user), ...norwegian },
      payload: {},
    });
    expect(loggedOut.json()).toEqual({ message: 'Du er logget ut.' });
  });

  it('answers an unverified login in bokmål, as the storefront recognises it', async () => {
    const answers = await inEachLanguage({
      method: 'POST',
      url: '/api/subscribers',
      remoteAddress: uniqueIp(),
      payload: {
        name: 'Una Verified',
        email: 'una@example.no',
        password: 'Str0ng pass!',
        provider: 'local',
      },
    });
    expect(answers.en.status).toBe(201);
    const login = await inEachLanguage({
      method: 'POST',
      url: '/api/subscribers/login',
      remoteAddress: uniqueIp(),
      payload: { email: 'una@example.no', password: 'Str0ng pass!' },
    });
    expect(login.nb.status).toBe(403);
    expect(login.nb.message).toMatch(/^Bekreft e-postadressen din før du logger inn\./);
    expect(login.none.message).toMatch(/^Please verify your email before you log in\./);
  });

  it('answers a refused request (400) in bokmål, its number in the words', async () => {
    const nested = `${'['.repeat(40)}${']'.repeat(40)}`;
    const answers = await inEachLanguage({
      method: 'POST',
      url: '/api/subscribers/login',
      headers: { 'content-type': 'application/json' },
      payload: nested,
    });
    expect(answers.nb).toEqual({
      status: 400,
      message: 'Forespørselen er nestet mer enn 32 nivåer dypt',
    });
    expect(answers.en).toEqual({
      status: 400,
      message: 'The request body is nested more than 32 levels deep',
    });
    expect(answers.none).toEqual(answers.en);
  });

  it('answers a shared rule’s message (400) in bokmål, its field and number read from the English', async () => {
    const signUp = (name: string) =>
      inEachLanguage({
        method: 'POST',
        url: '/api/subscribers',
        remoteAddress: uniqueIp(),
        payload: { name, email: 'kari@example.no', password: 'Secret#123' },
      });
    const tooLong = await signUp(`${'a'.repeat(101)} b`);
    expect(tooLong.nb).toEqual({ status: 400, message: 'Navn kan ha maks 100 tegn.' });
    expect(tooLong.en).toEqual({
      status: 400,
      message: 'Name is too long (at most 100 characters).',
    });
    expect(tooLong.none).toEqual(tooLong.en);

    const oneWord = await signUp('Kari');
    expect(oneWord.nb.message).toBe(
      'Skriv inn fullt navn: minst to ord med minst to bokstaver hver.',
    );
    expect(oneWord.none.message).toBe(
      'Please enter your full name: at least two words of 2 or more letters each.',
    );
  });

  it('answers a conflict (409) in bokmål with its plural', async () => {
    const rawHoney = required(fixture.categories['raw-honey'], 'raw honey');
    const answers = await inEachLanguage({
      method: 'DELETE',
      url: `/api/admin/categories/${rawHoney}`,
      headers: bearer(owner.session),
    });
    expect(answers.nb).toEqual({
      status: 409,
      message: 'Denne kategorien har fortsatt 2 produkter. Flytt eller slett dem først.',
    });
    expect(answers.en).toEqual({
      status: 409,
      message: 'This category still has 2 products. Move or delete them first.',
    });
    expect(answers.none).toEqual(answers.en);
  });

  it('answers too many attempts (429) in bokmål', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    const remoteAddress = uniqueIp();
    const login = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/subscribers/login',
        remoteAddress,
        headers,
        payload: { email: user.email, password: 'Wr0ng pass!' },
      });
    for (let attempt = 0; attempt < 10; attempt += 1) await login({});
    const refusedNb = await login(norwegian);
    expect(refusedNb.statusCode).toBe(429);
    expect(refusedNb.json()).toEqual({
      message: 'For mange forsøk. Vent noen minutter og prøv igjen.',
    });
    const refused = await login({});
    expect(refused.json()).toEqual({
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
  });
});
