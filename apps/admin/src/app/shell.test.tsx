import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSession } from '@shop/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../components/toasts.js';
import { LanguageProvider } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import { storedSession, storeSession } from '../lib/session.js';
import { Shell } from './shell.js';

// The back office speaks each staff member's language, Norwegian unless they chose English
// (issue 31.7): the shell reads it from the session, and a switch is saved and shown at once.

const norwegianOwner: AdminSession = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Olga Owner',
  email: 'olga@example.no',
  provider: 'local',
  accessToken: 'access',
  refreshToken: 'refresh',
  currencyCode: 'NOK',
  role: 'owner',
  locale: 'nb',
};

function renderShell() {
  const router = createMemoryRouter(
    [{ path: '/', element: <Shell />, children: [{ index: true, element: <p>page</p> }] }],
    { initialEntries: ['/'] },
  );
  return render(
    <LanguageProvider>
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </LanguageProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  storeSession(undefined);
});

describe("the back office in the staff member's language (issue 31.7)", () => {
  it('is Norwegian for a Norwegian member, and English at once after the switch, which is saved', async () => {
    storeSession(norwegianOwner);
    const calls: { path: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        calls.push({ path, init });
        return new Response(null, { status: 204 });
      }),
    );
    renderShell();

    expect(screen.getByRole('link', { name: 'Oversikt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Katalog' })).toBeTruthy();
    expect(screen.getByText('Gå til innholdet')).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('nb'));

    fireEvent.click(screen.getByRole('button', { name: norwegianOwner.email }));
    fireEvent.click(await screen.findByRole('button', { name: 'English' }));

    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(storedSession()?.locale).toBe('en');
    const saved = calls.find((call) => call.path === '/api/admin/auth/me/locale');
    expect(saved?.init?.method).toBe('PUT');
    expect(saved?.init?.body).toBe(JSON.stringify({ locale: 'en' }));
    // Asked in Norwegian, before the switch took effect.
    expect((saved?.init?.headers as Record<string, string>)['accept-language']).toBe('nb');
  });

  it('keeps the language when the server does not save it, and says so', async () => {
    storeSession(norwegianOwner);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Nei' }), { status: 500 })),
    );
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: norwegianOwner.email }));
    fireEvent.click(await screen.findByRole('button', { name: 'English' }));

    expect(await screen.findByText('Språket ble ikke lagret. Prøv igjen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Oversikt' })).toBeTruthy();
    expect(storedSession()?.locale).toBe('nb');
  });

  it('is Norwegian before sign-in, unless English was chosen on this machine', () => {
    const { unmount } = renderShell();
    expect(screen.getByText('Administrasjon')).toBeTruthy();
    unmount();
    localStorage.setItem('shop-admin-locale', 'en');
    renderShell();
    expect(screen.getByText('Back office')).toBeTruthy();
  });
});
