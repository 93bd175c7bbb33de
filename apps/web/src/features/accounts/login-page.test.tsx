import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accountServerMessages,
  loginFormSchema,
  signupFormSchema,
  type AuthFormValues,
} from '@shop/shared';
import { createStore } from '../../app/store.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { answer, callsTo } from '../../test/fetch-stub.js';
import { settle } from '../../test/settle.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import { sessionUser, signedInStore, stubAccountsApi } from './accounts-test-kit.js';
import { browserWindow } from '../../lib/browser-window.js';
import LoginPage from './login-page.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const both = { google: true, apple: true };

function renderLogin(store = createStore()) {
  return renderWithShop(<LoginPage />, { path: '/login', url: '/login', store });
}

const field = (name: string) => screen.getByLabelText(name);
const type = (name: string, value: string) => fireEvent.input(field(name), { target: { value } });
const submit = (name: 'Login' | 'Sign Up') => fireEvent.click(screen.getByRole('button', { name }));
const toSignup = () =>
  fireEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign Up" }));
const alertText = async () => (await screen.findByRole('alert')).textContent;

function fillSignup(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    Name: 'Kari Nordmann',
    Email: 'kari@example.no',
    Password: 'Secret#123',
    'Retype Password': 'Secret#123',
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) type(name, value);
}

describe('login and sign-up modes', () => {
  it('LOGIN-01 LOGIN-02 LOGIN-03 toggles between login and sign-up in place', () => {
    stubAccountsApi({ 'GET /api/auth/providers': both });
    const { location } = renderLogin();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(field('Email')).toBeTruthy();
    expect(field('Password')).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();

    toSignup();
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeTruthy();
    for (const name of ['Name', 'Email', 'Password', 'Retype Password']) {
      expect(field(name)).toBeTruthy();
    }
    expect(location().pathname).toBe('/login');

    fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Login' }));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByLabelText('Retype Password')).toBeNull();
  });

  it("LOGIN-06 a 'Forgot Password ?' link goes to /forgot-password", () => {
    stubAccountsApi({});
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot Password ?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('LOGIN-07 a signed-in user who opens /login is sent to /', () => {
    stubAccountsApi({});
    const { location } = renderLogin(signedInStore());
    expect(location().pathname).toBe('/');
  });

  it('a guest user may still log in with an account', () => {
    stubAccountsApi({});
    const { location } = renderLogin(signedInStore(sessionUser({ provider: 'guest' })));
    expect(location().pathname).toBe('/login');
  });
});

describe('social sign-in', () => {
  it('LOGIN-04 LOGIN-05 the Google and Apple buttons hand the whole window to the backend', async () => {
    stubAccountsApi({ 'GET /api/auth/providers': both });
    const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    // Back to the page's language (issue 31.9): these pages are in English.
    expect(assign.mock.calls).toEqual([
      ['/auth/google?returnTo=%2Fen%2F'],
      ['/auth/apple?returnTo=%2Fen%2F'],
    ]);
  });

  it('comes back to the Norwegian home from a Norwegian page (issue 31.9)', async () => {
    stubAccountsApi({ 'GET /api/auth/providers': both });
    const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
    renderWithShop(<LoginPage />, {
      path: '/login',
      url: '/login',
      i18n: await loadLanguage('nb'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Fortsett med Google' }));
    expect(assign.mock.calls).toEqual([['/auth/google?returnTo=%2F']]);
  });

  it('a provider the server is not set up for is disabled and says so', async () => {
    stubAccountsApi({ 'GET /api/auth/providers': { google: true, apple: false } });
    renderLogin();
    const apple = await screen.findByRole('button', { name: 'Apple sign-in is not set up' });
    expect((apple as HTMLButtonElement).disabled).toBe(true);
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect((google as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('group', { name: 'Sign in with' })).toBeTruthy();
  });

  it('a failed social sign-in comes back as /login?error= and is shown', async () => {
    stubAccountsApi({});
    render(
      <Provider store={createStore()}>
        <MemoryRouter initialEntries={['/login?error=Google%20sign-in%20was%20cancelled']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    expect(await alertText()).toBe('Google sign-in was cancelled');
  });
});

describe('login validation and outcome', () => {
  it("VAL-10 an empty email or password shows 'The fields can not be empty!' and sends nothing", async () => {
    const calls = stubAccountsApi({});
    renderLogin();
    type('Email', 'kari@example.no');
    submit('Login');
    expect(await alertText()).toBe('The fields can not be empty!');
    type('Email', '');
    type('Password', 'secret');
    submit('Login');
    expect(await alertText()).toBe('The fields can not be empty!');
    expect(callsTo(calls, 'POST', '/api/subscribers/login')).toHaveLength(0);
  });

  it("VAL-11 an email without a 2-4 letter ending shows 'Please Enter a valid email'", async () => {
    const calls = stubAccountsApi({ 'POST /api/subscribers/login': sessionUser() });
    renderLogin();
    type('Password', 'secret');
    for (const email of ['a@b.c', 'a@b.abcde']) {
      type('Email', email);
      submit('Login');
      expect(await alertText()).toBe('Please Enter a valid email');
    }
    expect(callsTo(calls, 'POST', '/api/subscribers/login')).toHaveLength(0);
    type('Email', 'a@b.no');
    submit('Login');
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/subscribers/login')).toHaveLength(1));
  });

  it("ERR-05 a login error shows the server message followed by ' !!'", async () => {
    stubAccountsApi({
      'POST /api/subscribers/login': answer(401, { message: 'Invalid email or password' }),
    });
    renderLogin();
    type('Email', 'kari@example.no');
    type('Password', 'wrong');
    submit('Login');
    expect(await alertText()).toBe('Invalid email or password !!');
  });

  it('an unverified account is told that a new link was sent', async () => {
    stubAccountsApi({
      'POST /api/subscribers/login': answer(403, {
        message: accountServerMessages.emailNotVerified,
      }),
    });
    renderLogin();
    type('Email', 'kari@example.no');
    type('Password', 'Secret#123');
    submit('Login');
    expect(await alertText()).toBe(accountServerMessages.emailNotVerified);
  });

  it('an unverified account whose link went out moments ago is told no new one was sent (issue 10.9)', async () => {
    stubAccountsApi({
      'POST /api/subscribers/login': answer(403, {
        message: accountServerMessages.emailNotVerifiedLinkRecent,
      }),
    });
    renderLogin();
    type('Email', 'kari@example.no');
    type('Password', 'Secret#123');
    submit('Login');
    expect(await alertText()).toBe(accountServerMessages.emailNotVerifiedLinkRecent);
  });

  it('confirms a deleted account left by the account page (issue 10.15)', () => {
    stubAccountsApi({});
    renderWithShop(<LoginPage />, {
      path: '/login',
      url: '/login',
      state: { notice: accountServerMessages.accountDeleted },
    });
    expect(screen.getByRole('status').textContent).toBe(accountServerMessages.accountDeleted);
  });

  it('SESSION-11 after login the user goes to /', async () => {
    stubAccountsApi({ 'POST /api/subscribers/login': sessionUser() });
    const { location, store } = renderLogin();
    type('Email', 'kari@example.no');
    type('Password', 'Secret#123');
    submit('Login');
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(store.getState().session.userInfo?.name).toBe('Kari Nordmann');
  });
});

describe('sign-up validation and outcome', () => {
  it("VAL-12 an empty field shows 'The fields can not be empty' (without '!')", async () => {
    stubAccountsApi({});
    renderLogin();
    toSignup();
    for (const name of ['Name', 'Email', 'Password', 'Retype Password']) {
      fillSignup({ [name]: '' });
      submit('Sign Up');
      expect(await alertText()).toBe('The fields can not be empty');
    }
  });

  it('a name the shipping form would refuse is refused at sign-up with the rule in words (issue 29.12)', async () => {
    const calls = stubAccountsApi({});
    renderLogin();
    toSignup();
    expect((field('Name') as HTMLInputElement).maxLength).toBe(100);
    for (const name of ['Madonna', 'A Hansen', 'Kari N0rdmann']) {
      fillSignup({ Name: name });
      submit('Sign Up');
      expect(await alertText()).toBe(
        'Please enter your full name: at least two words of 2 or more letters each.',
      );
    }
    expect(callsTo(calls, 'POST', '/api/subscribers')).toHaveLength(0);
  });

  it("VAL-13 an invalid email shows 'Please Enter a valid email'", async () => {
    stubAccountsApi({});
    renderLogin();
    toSignup();
    fillSignup({ Email: 'kari@example' });
    submit('Sign Up');
    expect(await alertText()).toBe('Please Enter a valid email');
  });

  it('VAL-14 VAL-15 CONST-10 a weak password shows the strength rule', async () => {
    const calls = stubAccountsApi({});
    renderLogin();
    toSignup();
    for (const password of [
      'Sh#1rt',
      'secret#123',
      'SECRET#123',
      'Secret#abc',
      'Secret123',
      'Abcdefg1_',
    ]) {
      fillSignup({ Password: password, 'Retype Password': password });
      submit('Sign Up');
      expect(await alertText()).toBe(
        'Password must contain a combination of numbers, small letters, capital letters and special characters.',
      );
    }
    expect(callsTo(calls, 'POST', '/api/subscribers')).toHaveLength(0);
  });

  it("VAL-16 a different retyped password shows 'Passwords don't match'", async () => {
    stubAccountsApi({});
    renderLogin();
    toSignup();
    fillSignup({ 'Retype Password': 'Secret#124' });
    submit('Sign Up');
    expect(await alertText()).toBe("Passwords don't match");
  });

  it("SESSION-10 ERR-07 VAL-15 after registration 'Please verify your email.' appears", async () => {
    const calls = stubAccountsApi({ 'POST /api/subscribers': answer(201, { status: 'success' }) });
    const { store } = renderLogin();
    toSignup();
    fillSignup({ Password: 'Abcdefg1-', 'Retype Password': 'Abcdefg1-' });
    submit('Sign Up');
    expect((await screen.findByRole('status')).textContent).toBe('Please verify your email.');
    expect(callsTo(calls, 'POST', '/api/subscribers')[0]?.body).toEqual({
      name: 'Kari Nordmann',
      email: 'kari@example.no',
      password: 'Abcdefg1-',
      provider: 'local',
    });
    expect(store.getState().session.isRegisterSuccess).toBe(true);
    expect(store.getState().session.userInfo).toBeNull();
  });

  it("ERR-06 a registration error shows the server message followed by ' !!'", async () => {
    stubAccountsApi({
      'POST /api/subscribers': answer(409, { message: 'User already exists' }),
    });
    renderLogin();
    toSignup();
    fillSignup();
    submit('Sign Up');
    expect(await alertText()).toBe('User already exists !!');
    const form = screen.getByRole('button', { name: 'Sign Up' }).closest('form');
    expect(form && within(form).getByLabelText('Name')).toBeTruthy();
  });
});

describe('the form and its shared schemas (issue 11)', () => {
  const blank: AuthFormValues = { name: '', email: '', password: '', retypePassword: '' };
  const schemaMessage = (schema: typeof loginFormSchema, values: Partial<AuthFormValues>) =>
    schema.safeParse({ ...blank, ...values }).error?.issues[0]?.message;

  it("a login with a bad email shows the shared login schema's message", async () => {
    stubAccountsApi({});
    renderLogin();
    type('Email', 'kari@example');
    type('Password', 'secret');
    submit('Login');
    const message = schemaMessage(loginFormSchema, { email: 'kari@example', password: 'secret' });
    expect(message).toBe('Please Enter a valid email');
    expect(await alertText()).toBe(message);
  });

  it("a sign-up shows the shared sign-up schema's first problem, an empty field before a bad email", async () => {
    stubAccountsApi({});
    renderLogin();
    toSignup();
    fillSignup({ Name: '', Email: 'kari@example' });
    submit('Sign Up');
    const message = schemaMessage(signupFormSchema, {
      email: 'kari@example',
      password: 'Secret#123',
      retypePassword: 'Secret#123',
    });
    expect(message).toBe('The fields can not be empty');
    expect(await alertText()).toBe(message);
  });

  it('the message stays while the fields change, and goes with the next submit or a mode change', async () => {
    const calls = stubAccountsApi({});
    renderLogin();
    submit('Login');
    expect(await alertText()).toBe('The fields can not be empty!');
    type('Email', 'kari@example');
    type('Password', 'secret');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('The fields can not be empty!');
    submit('Login');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Please Enter a valid email'),
    );
    toSignup();
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((field('Email') as HTMLInputElement).value).toBe('kari@example');
    expect(callsTo(calls, 'POST', '/api/subscribers/login')).toHaveLength(0);
  });

  it('speaks bokmål on a Norwegian page, without the English exclamation marks (issue 31.1)', async () => {
    stubAccountsApi({
      'GET /api/auth/providers': both,
      'POST /api/subscribers/login': answer(401, { message: 'Feil e-post eller passord' }),
    });
    renderWithShop(<LoginPage />, {
      path: '/login',
      url: '/login',
      i18n: await loadLanguage('nb'),
    });
    expect(screen.getByRole('heading', { name: 'Logg inn' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Glemt passordet?' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Fortsett med Google' })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('E-post'), { target: { value: 'kari@example.no' } });
    fireEvent.input(screen.getByLabelText('Passord'), { target: { value: 'Secret#123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Logg inn' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Feil e-post eller passord'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Har du ikke konto? Opprett konto' }));
    expect(screen.getByRole('heading', { name: 'Opprett konto' })).toBeTruthy();
    expect(screen.getByLabelText('Gjenta passordet')).toBeTruthy();
  });
});
