import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accountServerMessages,
  forgotPasswordFormSchema,
  resetPasswordFormSchema,
} from '@shop/shared';
import { answer, callsTo } from '../../test/fetch-stub.js';
import { settle } from '../../test/settle.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import { stubAccountsApi } from './accounts-test-kit.js';
import ForgotPasswordPage from './forgot-password-page.js';
import ResetPasswordPage from './reset-password-page.js';
import VerifyPage from './verify-page.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const type = (name: string, value: string) =>
  fireEvent.input(screen.getByLabelText(name), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const weak =
  'Password must contain a combination of numbers, small letters, capital letters and special characters.';

describe('forgot password', () => {
  const renderForgot = () =>
    renderWithShop(<ForgotPasswordPage />, { path: '/forgot-password', url: '/forgot-password' });

  it("VAL-20 VAL-21 an empty or invalid email shows 'Please enter your email address'", async () => {
    const calls = stubAccountsApi({});
    renderForgot();
    for (const email of ['', '   ', 'kari@example', 'kari@example.abcdefg']) {
      type('Email', email);
      click('Send reset link');
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Please enter your email address',
      );
    }
    expect(callsTo(calls, 'POST', '/api/subscribers/forgot-password')).toHaveLength(0);
  });

  it('RESET-01 ACCOUNT-04 sends the email and shows the success message', async () => {
    const calls = stubAccountsApi({
      'POST /api/subscribers/forgot-password': {
        message: accountServerMessages.forgotPasswordSent,
      },
    });
    renderForgot();
    type('Email', ' kari@example.museum ');
    click('Send reset link');
    expect((await screen.findByRole('status')).textContent).toBe(
      accountServerMessages.forgotPasswordSent,
    );
    expect(callsTo(calls, 'POST', '/api/subscribers/forgot-password')[0]?.body).toEqual({
      email: 'kari@example.museum',
    });
  });

  it("ACCOUNT-04 ERR-11 a failure shows the response's message", async () => {
    stubAccountsApi({
      'POST /api/subscribers/forgot-password': answer(429, {
        message: accountServerMessages.tooManyAttempts,
      }),
    });
    renderForgot();
    type('Email', 'kari@example.no');
    click('Send reset link');
    expect((await screen.findByRole('alert')).textContent).toBe(
      accountServerMessages.tooManyAttempts,
    );
  });
});

describe('reset password', () => {
  const renderReset = () =>
    renderWithShop(<ResetPasswordPage />, {
      path: '/forgot-password/:token',
      url: '/forgot-password/reset-token-1',
    });

  it('VAL-19 the new password follows the strength rule', async () => {
    const calls = stubAccountsApi({});
    renderReset();
    type('New Password', 'Abcdefg1_');
    type('Retype New Password', 'Abcdefg1_');
    click('Update Password');
    expect((await screen.findByRole('alert')).textContent).toBe(weak);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it("a different retyped password shows 'Passwords don't match'", async () => {
    stubAccountsApi({});
    renderReset();
    type('New Password', 'Secret#123');
    type('Retype New Password', 'Secret#12');
    click('Update Password');
    expect((await screen.findByRole('alert')).textContent).toBe("Passwords don't match");
  });

  it("RESET-02 ACCOUNT-05 sends the password and shows 'Your password has been updated!'", async () => {
    const calls = stubAccountsApi({
      'PUT /api/subscribers/reset-password/reset-token-1': { message: 'Password updated' },
    });
    renderReset();
    type('New Password', 'Secret#123');
    type('Retype New Password', 'Secret#123');
    click('Update Password');
    expect((await screen.findByRole('status')).textContent).toBe('Your password has been updated!');
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(callsTo(calls, 'PUT', '/api/subscribers/reset-password/reset-token-1')[0]?.body).toEqual(
      { password: 'Secret#123' },
    );
  });

  it("ERR-12 a failure shows the response's message", async () => {
    stubAccountsApi({
      'PUT /api/subscribers/reset-password/reset-token-1': answer(400, {
        message: accountServerMessages.resetInvalid,
      }),
    });
    renderReset();
    type('New Password', 'Secret#123');
    type('Retype New Password', 'Secret#123');
    click('Update Password');
    expect((await screen.findByRole('alert')).textContent).toBe(accountServerMessages.resetInvalid);
  });
});

describe('the forms and their shared schemas (issue 11)', () => {
  it("forgot password shows the shared schema's message in place of the last answer", async () => {
    const calls = stubAccountsApi({
      'POST /api/subscribers/forgot-password': {
        message: accountServerMessages.forgotPasswordSent,
      },
    });
    renderWithShop(<ForgotPasswordPage />, { path: '/forgot-password', url: '/forgot-password' });
    type('Email', 'kari@example.no');
    click('Send reset link');
    expect((await screen.findByRole('status')).textContent).toBe(
      accountServerMessages.forgotPasswordSent,
    );
    type('Email', 'kari@example');
    click('Send reset link');
    const message = forgotPasswordFormSchema.safeParse({ email: 'kari@example' }).error?.issues[0]
      ?.message;
    expect(message).toBe('Please enter your email address');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('status')).toBeNull();
    expect(callsTo(calls, 'POST', '/api/subscribers/forgot-password')).toHaveLength(1);
  });

  it("reset password shows the shared schema's message and keeps it until the next submit", async () => {
    stubAccountsApi({});
    renderWithShop(<ResetPasswordPage />, {
      path: '/forgot-password/:token',
      url: '/forgot-password/reset-token-1',
    });
    type('New Password', 'Secret#123');
    type('Retype New Password', 'Secret#12');
    click('Update Password');
    const message = resetPasswordFormSchema.safeParse({
      password: 'Secret#123',
      retypePassword: 'Secret#12',
    }).error?.issues[0]?.message;
    expect(message).toBe("Passwords don't match");
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    type('Retype New Password', 'Secret#123');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(message);
  });
});

describe('verify', () => {
  const id = '7d0b3f6e-2c1a-4d8e-9f00-000000000001';
  const renderVerify = () =>
    renderWithShop(<VerifyPage />, { path: '/verify/:id/:token', url: `/verify/${id}/token-9` });

  it("RESET-03 ACCOUNT-06 shows 'Verifying' while it calls, then the server's message and a Login button (issue 10.9)", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = stubAccountsApi({
      [`PUT /api/subscribers/verify-user/${id}/token-9`]: async () => {
        await gate;
        return { message: accountServerMessages.verified };
      },
    });
    const { location } = renderVerify();
    expect(screen.getByRole('status').textContent).toBe('Verifying');
    expect(callsTo(calls, 'PUT', `/api/subscribers/verify-user/${id}/token-9`)).toHaveLength(1);
    release();
    expect(await screen.findByText('Your account is verified. You can log in now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(location().pathname).toBe(`/verify/${id}/token-9`);
  });

  it('a failed verification shows the server message with a link to /login', async () => {
    stubAccountsApi({
      [`PUT /api/subscribers/verify-user/${id}/token-9`]: answer(400, {
        message: accountServerMessages.verificationInvalid,
      }),
    });
    const { location } = renderVerify();
    expect((await screen.findByRole('alert')).textContent).toBe(
      accountServerMessages.verificationInvalid,
    );
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(location().pathname).toBe(`/verify/${id}/token-9`);
  });
});
