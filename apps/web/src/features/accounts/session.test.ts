import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.js';
import { storageKeys } from '../../lib/storage.js';
import { answer, callsTo, deferred } from '../../test/fetch-stub.js';
import { selectCurrency } from '../currency/currency-slice.js';
import {
  profile,
  sessionUser,
  signedInStore,
  stubAccountsApi,
  tokenFailed,
} from './accounts-test-kit.js';
import { authRequest } from './auth-request.js';
import { browserWindow } from '../../lib/browser-window.js';
import { logout } from './logout.js';
import { fetchGoogleUser, receiveSocialSignIn } from './session-start.js';
import { fetchProfile, guestLogin, login, register } from './session-thunks.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stored = (key: string): unknown => {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
};

describe('the session store', () => {
  it('SESSION-13 SESSION-14 keeps the login, registration, details and update flags', () => {
    expect(createStore().getState().session).toEqual({
      userInfo: null,
      details: null,
      isLoginLoading: false,
      isLoginSuccess: false,
      isLoginError: false,
      loginMessage: '',
      isRegisterLoading: false,
      isRegisterSuccess: false,
      isRegisterError: false,
      registerMessage: '',
      isDetailsLoading: false,
      detailsMessage: '',
      isUpdateLoading: false,
      isUpdateSuccess: false,
      isPasswordUpdated: false,
      updateMessage: '',
    });
  });

  it('SESSION-13 goes loading, then success, on login', async () => {
    stubAccountsApi({ 'POST /api/subscribers/login': sessionUser() });
    const store = createStore();
    const pending = store.dispatch(login({ email: 'kari@example.no', password: 'secret' }));
    expect(store.getState().session.isLoginLoading).toBe(true);
    await pending;
    expect(store.getState().session).toMatchObject({
      isLoginLoading: false,
      isLoginSuccess: true,
      isLoginError: false,
    });
  });

  it('SESSION-01 SESSION-02 a login stores the user as userInfo, so a reload keeps it', async () => {
    const user = sessionUser();
    const calls = stubAccountsApi({ 'POST /api/subscribers/login': user });
    const store = createStore();
    await store.dispatch(login({ email: ' kari@example.no ', password: 'secret' }));
    expect(callsTo(calls, 'POST', '/api/subscribers/login')[0]?.body).toEqual({
      email: 'kari@example.no',
      password: 'secret',
    });
    expect(store.getState().session.userInfo).toEqual(user);
    expect(stored(storageKeys.userInfo)).toEqual(user);
    expect(Object.keys(user).sort()).toEqual(
      ['_id', 'accessToken', 'currencyCode', 'email', 'name', 'provider', 'refreshToken'].sort(),
    );
    expect(createStore().getState().session.userInfo).toEqual(user);
  });

  it("CURPROD-06 a login switches prices to the profile's currency; a user with none keeps NOK", async () => {
    const calls = stubAccountsApi({
      'POST /api/subscribers/login': sessionUser({ currencyCode: 'SEK' }),
      'POST /api/multiCurrency': { value: 1.02, code: 'SEK', countryCode: 'SWE' },
    });
    const store = createStore();
    await store.dispatch(login({ email: 'kari@example.no', password: 'secret' }));
    await vi.waitFor(() => expect(store.getState().currency.currencyCode).toBe('SEK'));
    expect(callsTo(calls, 'POST', '/api/multiCurrency')[0]?.body).toEqual({ currencyCode: 'SEK' });
    expect(store.getState().currency).toMatchObject({ currencyValue: 1.02, countryCode: 'SWE' });

    localStorage.clear();
    const nokCalls = stubAccountsApi({ 'POST /api/subscribers/login': sessionUser() });
    const nokStore = createStore();
    await nokStore.dispatch(login({ email: 'kari@example.no', password: 'secret' }));
    expect(callsTo(nokCalls, 'POST', '/api/multiCurrency')).toEqual([]);
    expect(nokStore.getState().currency.currencyCode).toBe('NOK');
  });

  it('SESSION-05 ERR-03 a login failure sets the error with the message and clears the user', async () => {
    stubAccountsApi({
      'POST /api/subscribers/login': answer(401, { message: 'Invalid email or password' }),
    });
    const store = signedInStore(sessionUser({ provider: 'guest', email: '' }));
    await store.dispatch(login({ email: 'kari@example.no', password: 'wrong' }));
    expect(store.getState().session).toMatchObject({
      userInfo: null,
      isLoginLoading: false,
      isLoginError: true,
      loginMessage: 'Invalid email or password',
    });
    expect(stored(storageKeys.userInfo)).toBeNull();
  });

  it('SESSION-13 ERR-02 a registration failure keeps the network error message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const store = createStore();
    await store.dispatch(register({ name: 'Kari', email: 'kari@example.no', password: 'x' }));
    expect(store.getState().session).toMatchObject({
      isRegisterLoading: false,
      isRegisterError: true,
      registerMessage: 'Failed to fetch',
    });
  });

  it('SESSION-04 a guest login sets a user of provider guest', async () => {
    const guest = sessionUser({ provider: 'guest', email: '', name: 'Guest' });
    stubAccountsApi({ 'POST /api/subscribers/guest': guest });
    const store = createStore();
    await store.dispatch(guestLogin());
    expect(store.getState().session.userInfo?.provider).toBe('guest');
  });

  it('SESSION-03 logout clears the user, the details and the currency, and revokes the refresh token', async () => {
    const calls = stubAccountsApi({
      'POST /api/multiCurrency': { value: 0.95, code: 'SEK', countryCode: 'SWE' },
      'POST /api/subscribers/logout': { message: 'You are logged out.' },
    });
    const store = signedInStore();
    localStorage.setItem(storageKeys.details, JSON.stringify({ name: 'Kari' }));
    await store.dispatch(selectCurrency({ currencyCode: 'SEK', countryCode: 'SWE' }));
    expect(stored(storageKeys.currency)).not.toBeNull();

    store.dispatch(logout());

    expect(store.getState().session.userInfo).toBeNull();
    for (const key of [storageKeys.userInfo, storageKeys.details, storageKeys.currency]) {
      expect(stored(key)).toBeNull();
    }
    expect(store.getState().currency).toMatchObject({
      currencyCode: 'NOK',
      currencyValue: 1,
      countryCode: 'NOR',
    });
    expect(callsTo(calls, 'POST', '/api/subscribers/logout')).toEqual([
      expect.objectContaining({
        authorization: 'Bearer access-1',
        body: { refreshToken: 'refresh-1' },
      }),
    ]);
  });
});

describe('authenticated calls', () => {
  it('ROLE-13 SESSION-08 the profile call sends the access token as a Bearer header', async () => {
    const calls = stubAccountsApi({ 'GET /api/subscribers/profile': { user: profile() } });
    const store = signedInStore();
    await store.dispatch(fetchProfile());
    expect(callsTo(calls, 'GET', '/api/subscribers/profile')[0]?.authorization).toBe(
      'Bearer access-1',
    );
    expect(store.getState().session.details).toEqual(profile());
  });

  it('SESSION-09 an expired access token is renewed once with the refresh token and the call repeated', async () => {
    const renewed = sessionUser({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    const calls = stubAccountsApi({
      'POST /api/subscribers/refresh': renewed,
      'GET /api/subscribers/profile': (call: { authorization?: string }) =>
        call.authorization === 'Bearer access-2' ? { user: profile() } : tokenFailed,
    });
    const store = signedInStore();
    await store.dispatch(fetchProfile());
    expect(callsTo(calls, 'POST', '/api/subscribers/refresh').map((call) => call.body)).toEqual([
      { refreshToken: 'refresh-1' },
    ]);
    expect(
      callsTo(calls, 'GET', '/api/subscribers/profile').map((call) => call.authorization),
    ).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(store.getState().session.userInfo).toEqual(renewed);
    expect(stored(storageKeys.userInfo)).toEqual(renewed);
    expect(store.getState().session.details).toEqual(profile());
  });

  it('SESSION-09 calls failing together share one refresh', async () => {
    const renewed = sessionUser({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    const calls = stubAccountsApi({
      'POST /api/subscribers/refresh': renewed,
      'GET /api/subscribers/profile': (call: { authorization?: string }) =>
        call.authorization === 'Bearer access-2' ? { user: profile() } : tokenFailed,
      'GET /api/subscribers/orders': (call: { authorization?: string }) =>
        call.authorization === 'Bearer access-2' ? { orders: [] } : tokenFailed,
    });
    const store = signedInStore();
    const session = { dispatch: store.dispatch, getState: store.getState };
    await Promise.all([
      authRequest(session, '/api/subscribers/profile', (wire) => wire.profileResponseSchema),
      authRequest(session, '/api/subscribers/orders', (wire) => wire.ordersResponseSchema),
    ]);
    expect(callsTo(calls, 'POST', '/api/subscribers/refresh')).toHaveLength(1);
    expect(store.getState().session.userInfo).toEqual(renewed);
  });

  it('SESSION-09 a 401 renews the token whatever its message says, once, and repeats the call', async () => {
    const renewed = sessionUser({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    const calls = stubAccountsApi({
      'POST /api/subscribers/refresh': renewed,
      'GET /api/subscribers/profile': (call: { authorization?: string }) =>
        call.authorization === 'Bearer access-2'
          ? { user: profile() }
          : answer(401, { message: 'Token expired' }),
    });
    const store = signedInStore();
    await store.dispatch(fetchProfile());
    expect(callsTo(calls, 'POST', '/api/subscribers/refresh').map((call) => call.body)).toEqual([
      { refreshToken: 'refresh-1' },
    ]);
    expect(
      callsTo(calls, 'GET', '/api/subscribers/profile').map((call) => call.authorization),
    ).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(store.getState().session.userInfo).toEqual(renewed);
    expect(store.getState().session.details).toEqual(profile());
  });

  it('SESSION-09 calls refused with 401 together share one refresh, whatever the messages', async () => {
    const renewed = sessionUser({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    const refresh = deferred<unknown>();
    const calls = stubAccountsApi({
      'POST /api/subscribers/refresh': () => refresh.promise,
      'GET /api/subscribers/profile': (call: { authorization?: string }) =>
        call.authorization === 'Bearer access-2'
          ? { user: profile() }
          : answer(401, { message: 'jwt expired' }),
      'GET /api/reviews/history': (call: { authorization?: string }) =>
        call.authorization === 'Bearer access-2' ? [] : answer(401, { message: 'Unauthorized' }),
    });
    const store = signedInStore();
    const session = { dispatch: store.dispatch, getState: store.getState };
    const both = Promise.all([
      authRequest(session, '/api/subscribers/profile', (wire) => wire.profileResponseSchema),
      authRequest(session, '/api/reviews/history', (wire) => wire.historyReviewsSchema),
    ]);
    await vi.waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/subscribers/refresh')).toHaveLength(1),
    );
    refresh.resolve(renewed);
    await expect(both).resolves.toEqual([{ user: profile() }, []]);
    expect(callsTo(calls, 'POST', '/api/subscribers/refresh')).toHaveLength(1);
    expect(
      [
        ...callsTo(calls, 'GET', '/api/subscribers/profile'),
        ...callsTo(calls, 'GET', '/api/reviews/history'),
      ].map((call) => call.authorization),
    ).toEqual(['Bearer access-1', 'Bearer access-2', 'Bearer access-1', 'Bearer access-2']);
  });

  it('SESSION-09 ERR-10 a 401 whose refresh fails logs out, whatever the message', async () => {
    const calls = stubAccountsApi({
      'POST /api/subscribers/refresh': answer(401, { message: 'Refresh token revoked' }),
      'GET /api/subscribers/profile': answer(401, { message: 'Token expired' }),
    });
    const store = signedInStore();
    await store.dispatch(fetchProfile());
    expect(callsTo(calls, 'GET', '/api/subscribers/profile')).toHaveLength(1);
    expect(store.getState().session.userInfo).toBeNull();
    expect(stored(storageKeys.userInfo)).toBeNull();
    expect(store.getState().session.detailsMessage).toBe('Token expired');
  });

  it('a blocked account is logged out and told why when its refresh is refused (issue 13)', async () => {
    const blocked = 'This account is blocked: Unpaid invoices. Contact the shop.';
    stubAccountsApi({
      'POST /api/subscribers/refresh': answer(403, { message: blocked }),
      'GET /api/subscribers/profile': answer(401, { message: 'Token expired' }),
    });
    const store = signedInStore();
    await store.dispatch(fetchProfile());
    expect(store.getState().session.userInfo).toBeNull();
    expect(store.getState().session.detailsMessage).toBe(blocked);
  });

  it('a refusal other than 401 renews nothing, even with the token message', async () => {
    const calls = stubAccountsApi({
      'GET /api/subscribers/profile': answer(403, { message: 'Not authorize, token failed' }),
    });
    const store = signedInStore();
    await store.dispatch(fetchProfile());
    expect(callsTo(calls, 'POST', '/api/subscribers/refresh')).toHaveLength(0);
    expect(store.getState().session.userInfo).toEqual(sessionUser());
    expect(store.getState().session.detailsMessage).toBe('Not authorize, token failed');
  });

  it('SESSION-09 ERR-10 a refused refresh logs the user out', async () => {
    stubAccountsApi({
      'POST /api/subscribers/refresh': tokenFailed,
      'GET /api/subscribers/profile': tokenFailed,
    });
    const store = signedInStore();
    await store.dispatch(fetchProfile());
    expect(store.getState().session.userInfo).toBeNull();
    expect(stored(storageKeys.userInfo)).toBeNull();
  });

  it("SESSION-09 ERR-10 'Not authorize, token failed' after the refresh logs the user out", async () => {
    const calls = stubAccountsApi({
      'POST /api/subscribers/refresh': sessionUser({ accessToken: 'access-2' }),
      'GET /api/subscribers/profile': tokenFailed,
    });
    const store = signedInStore();
    await store.dispatch(fetchProfile());
    expect(callsTo(calls, 'GET', '/api/subscribers/profile')).toHaveLength(2);
    expect(store.getState().session.userInfo).toBeNull();
  });

  it('ERR-01 ERR-04 other failures keep the user and store the server message', async () => {
    const calls = stubAccountsApi({
      'GET /api/subscribers/profile': answer(500, { message: 'Database unavailable' }),
    });
    const store = signedInStore();
    await store.dispatch(fetchProfile());
    expect(callsTo(calls, 'POST', '/api/subscribers/refresh')).toHaveLength(0);
    expect(store.getState().session.userInfo).not.toBeNull();
    expect(store.getState().session.detailsMessage).toBe('Database unavailable');
  });
});

describe('starting a session', () => {
  const handBack = (user: unknown) =>
    `http://shop.test/?ref=app&message=${encodeURIComponent(JSON.stringify(user))}#top`;

  function watchWindow() {
    return {
      replaceUrl: vi.spyOn(browserWindow, 'replaceUrl').mockImplementation(() => undefined),
      reload: vi.spyOn(browserWindow, 'reload').mockImplementation(() => undefined),
    };
  }

  it('SESSION-07 ROLE-15 a ?message= hand-back the one-time hand-off confirms signs in and reloads', async () => {
    const { replaceUrl, reload } = watchWindow();
    const message = sessionUser({ provider: 'google' });
    const handedOff = sessionUser({
      provider: 'google',
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
    });
    const calls = stubAccountsApi({
      'GET /api/google-user': handedOff,
      'POST /api/subscribers/logout': { message: 'Logged out' },
    });
    expect(await receiveSocialSignIn(handBack(message))).toBe(true);
    expect(callsTo(calls, 'GET', '/api/google-user')).toEqual([
      expect.objectContaining({ credentials: 'include' }),
    ]);
    // The hand-off's session is kept; the one whose tokens were in the address is revoked.
    expect(stored(storageKeys.userInfo)).toEqual(handedOff);
    expect(callsTo(calls, 'POST', '/api/subscribers/logout')).toEqual([
      expect.objectContaining({
        authorization: 'Bearer access-1',
        body: { refreshToken: 'refresh-1' },
      }),
    ]);
    expect(replaceUrl).toHaveBeenCalledWith('/?ref=app#top');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(createStore().getState().session.userInfo).toEqual(handedOff);
  });

  it('SESSION-07 a hand-off answering the very session of the message keeps it signed in', async () => {
    watchWindow();
    const user = sessionUser({ provider: 'google' });
    const calls = stubAccountsApi({ 'GET /api/google-user': user });
    expect(await receiveSocialSignIn(handBack(user))).toBe(true);
    expect(stored(storageKeys.userInfo)).toEqual(user);
    expect(callsTo(calls, 'POST', '/api/subscribers/logout')).toHaveLength(0);
  });

  it('SESSION-07 a crafted ?message= without the hand-off signs nobody in and leaves the address bar (login CSRF)', async () => {
    const { replaceUrl, reload } = watchWindow();
    const calls = stubAccountsApi({});
    expect(await receiveSocialSignIn(handBack(sessionUser({ provider: 'google' })))).toBe(false);
    expect(callsTo(calls, 'GET', '/api/google-user')).toHaveLength(1);
    expect(stored(storageKeys.userInfo)).toBeNull();
    expect(replaceUrl).toHaveBeenCalledWith('/?ref=app#top');
    expect(reload).not.toHaveBeenCalled();
    expect(callsTo(calls, 'POST', '/api/subscribers/logout')).toHaveLength(0);
    expect(createStore().getState().session.userInfo).toBeNull();
  });

  it('SESSION-07 a ?message= naming another user than the hand-off signs nobody in', async () => {
    const { reload } = watchWindow();
    stubAccountsApi({
      'GET /api/google-user': sessionUser({
        _id: '7d0b3f6e-2c1a-4d8e-9f00-000000000002',
        accessToken: 'access-2',
        refreshToken: 'refresh-2',
      }),
    });
    expect(await receiveSocialSignIn(handBack(sessionUser({ provider: 'google' })))).toBe(false);
    expect(stored(storageKeys.userInfo)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('SESSION-07 an address without ?message= is left alone; one without a user loses it', async () => {
    const { replaceUrl, reload } = watchWindow();
    const calls = stubAccountsApi({});
    expect(await receiveSocialSignIn('http://shop.test/category/honey')).toBe(false);
    expect(replaceUrl).not.toHaveBeenCalled();
    expect(await receiveSocialSignIn('http://shop.test/?message=hello')).toBe(false);
    expect(replaceUrl).toHaveBeenCalledWith('/');
    expect(calls).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
    expect(stored(storageKeys.userInfo)).toBeNull();
  });

  it('SESSION-06 ROLE-15 without a user, the Google user is fetched with credentials and stored', async () => {
    const user = sessionUser({ provider: 'google' });
    const calls = stubAccountsApi({ 'GET /api/google-user': user });
    const store = createStore();
    await store.dispatch(fetchGoogleUser());
    const [call] = callsTo(calls, 'GET', '/api/google-user');
    expect(call).toMatchObject({ credentials: 'include' });
    // Asked so that nobody waiting is a 204, not a 401 in every visitor's console (issue 15).
    expect(call?.query.get('optional')).toBe('true');
    expect(store.getState().session.userInfo).toEqual(user);
    expect(stored(storageKeys.userInfo)).toEqual(user);
  });

  it('SESSION-06 nobody waiting (204) and a 401 from the Google-user call are silent, and a signed-in user is not asked for', async () => {
    for (const nobody of [answer(204), answer(401, { message: 'Not signed in' })]) {
      localStorage.clear();
      const calls = stubAccountsApi({ 'GET /api/google-user': nobody });
      const store = createStore();
      await store.dispatch(fetchGoogleUser());
      expect(store.getState().session.userInfo).toBeNull();
      expect(stored(storageKeys.userInfo)).toBeNull();
      await signedInStore().dispatch(fetchGoogleUser());
      expect(callsTo(calls, 'GET', '/api/google-user')).toHaveLength(1);
    }
  });
});
