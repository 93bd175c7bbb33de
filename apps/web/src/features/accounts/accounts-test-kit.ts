import { vi } from 'vitest';
import type { Profile, SessionUser } from '@shop/shared';
import { createStore } from '../../app/store.js';
import { categories, countries } from '../catalog/catalog-test-kit.js';
import { userStored } from './session-slice.js';

/** Contract-shaped users and a fetch stub that records headers, for the account tests. */

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: '7d0b3f6e-2c1a-4d8e-9f00-000000000001',
    name: 'Kari Nordmann',
    email: 'kari@example.no',
    provider: 'local',
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    currencyCode: 'NOK',
    ...overrides,
  };
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: '7d0b3f6e-2c1a-4d8e-9f00-000000000001',
    name: 'Kari Nordmann',
    email: 'kari@example.no',
    phone: '+47 912 34 567',
    address: 'Storgata 1',
    apartmentNumber: 'H0201',
    postalCode: '0155',
    city: 'Oslo',
    country: 'SE',
    currencyCode: 'SEK',
    ISOCode: 'SWE',
    provider: 'local',
    shippingDetails: null,
    billingAddress: null,
    ...overrides,
  };
}

export function signedInStore(user: SessionUser = sessionUser()) {
  const store = createStore();
  store.dispatch(userStored(user));
  return store;
}

export interface AccountCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
  credentials: RequestCredentials | undefined;
}

export interface StubAnswer {
  status: number;
  body: unknown;
}

export const answer = (status: number, body: unknown): StubAnswer => ({ status, body });
const isStubAnswer = (value: unknown): value is StubAnswer =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

export const tokenFailed = answer(401, { message: 'Not authorize, token failed' });

/**
 * Stubs `fetch` with answers keyed by 'METHOD /path': a body (200), an `answer(status, body)`,
 * or a function of the call returning either. Unknown calls answer 404. Returns the calls made.
 */
export function stubAccountsApi(answers: Record<string, unknown>): AccountCall[] {
  const calls: AccountCall[] = [];
  const all: Record<string, unknown> = {
    'GET /api/categories/web': { categories },
    'GET /api/countries': countries,
    'GET /api/google-user': answer(401, { message: 'Not signed in' }),
    ...answers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://shop.test');
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call: AccountCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: headers.Authorization,
        credentials: init?.credentials,
      };
      calls.push(call);
      const stored = all[`${call.method} ${call.path}`];
      const given =
        typeof stored === 'function' ? (stored as (c: AccountCall) => unknown)(call) : stored;
      const { status, body } = isStubAnswer(given)
        ? given
        : given === undefined
          ? answer(404, { message: 'Not found' })
          : answer(200, given);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The calls to one path, in order. */
export const callsTo = (calls: AccountCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);
