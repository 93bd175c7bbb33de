import type { Profile, SessionUser } from '@shop/shared';
import { createStore } from '../../app/store.js';
import { answer, type FetchAnswers, type FetchCall } from '../../test/fetch-stub.js';
import { stubApi } from '../catalog/catalog-test-kit.js';
import { userStored } from './session-slice.js';

/** Contract-shaped users and the API stub of the account tests. */

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

export const tokenFailed = answer(401, { message: 'Not authorize, token failed' });

/** The shop's API as a signed-out visitor meets it, with `answers` replacing or adding calls. */
export function stubAccountsApi(answers: FetchAnswers): FetchCall[] {
  return stubApi({ 'GET /api/google-user': answer(401, { message: 'Not signed in' }), ...answers });
}
