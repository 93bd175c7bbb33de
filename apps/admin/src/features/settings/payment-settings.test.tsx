import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  shopSettingDefaults,
  type AdminSession,
  type PaymentCaptureMoment,
  type StaffRole,
} from '@shop/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../lib/session.js';
import { renderWithQueries } from '../../test/render.js';
import SettingsPage from './settings-page.js';

// Payments are reserved at the order and captured when the goods ship or are picked up, unless
// the owner chooses capture at the order (issue 32.3): staff see the choice, the owner changes it.

const payments = '/api/admin/settings/payments';

const member = (role: StaffRole): AdminSession => ({
  _id: '11111111-1111-4111-8111-111111111111',
  name: role === 'owner' ? 'Olga Owner' : 'Sam Staff',
  email: `${role}@example.no`,
  provider: 'local',
  accessToken: 'access',
  refreshToken: 'refresh',
  currencyCode: 'NOK',
  role,
  locale: 'nb',
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

/**
 * The server: the stored capture moment, changed by a PUT unless `refusal` answers it instead;
 * the shop details and the mail and feed settings for the page's other sections.
 */
function stubServer(stored: PaymentCaptureMoment, refusal?: { status: number; message: string }) {
  let paymentCapture = stored;
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ method, path, body });
      if (path === '/api/admin/settings/notifications')
        return json({
          orderMailRecipients: shopSettingDefaults.orderMailRecipients,
          lowStockMail: shopSettingDefaults.lowStockMail,
        });
      if (path === '/api/admin/settings/feeds')
        return json({ productFeeds: shopSettingDefaults.productFeeds });
      if (path !== payments) return json({ ...shopSettingDefaults.shopDetails, savedAt: null });
      if (method === 'PUT') {
        if (refusal) return json({ message: refusal.message }, refusal.status);
        ({ paymentCapture } = body as { paymentCapture: PaymentCaptureMoment });
      }
      return json({ paymentCapture });
    }),
  );
  return sent;
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const puts = (sent: Sent[]) => sent.filter((call) => call.method === 'PUT');

afterEach(() => {
  vi.unstubAllGlobals();
  storeSession(undefined);
});

describe('when payments are captured, on the settings page (issue 32.3)', () => {
  it('issue 32.3: shows the stored choice in bokmål, with why capture waits for the shipment', async () => {
    storeSession(member('owner'));
    stubServer('ordered');
    renderWithQueries(<SettingsPage />, { locale: 'nb' });
    expect(await screen.findByRole('heading', { name: 'Betaling', level: 2 })).toBeTruthy();
    await waitFor(() => expect(radio('Ved bestilling').checked).toBe(true));
    expect(radio('Når varene sendes eller hentes (anbefalt)').checked).toBe(false);
    expect(screen.getByText(/kortreservasjon kan utløpe etter 7 dager/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lagre betalingsinnstillingen' })).toBeTruthy();
  });

  it('issue 32.3: the owner changes it, and the PUT carries the new choice', async () => {
    storeSession(member('owner'));
    const sent = stubServer('shipped');
    renderWithQueries(<SettingsPage />);
    await waitFor(() =>
      expect(radio('When the goods ship or are picked up (recommended)').checked).toBe(true),
    );
    fireEvent.click(radio('At the order'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save payment setting' }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]).toEqual({
      method: 'PUT',
      path: payments,
      body: { paymentCapture: 'ordered' },
    });
    // The saved choice is read back from the server and the form starts again from it.
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(radio('At the order').checked).toBe(true);
  });

  it('issue 32.3: shows the server’s refusal above the choice, as the page’s other section does', async () => {
    storeSession(member('owner'));
    stubServer('shipped', { status: 400, message: 'Choose when payments are captured.' });
    renderWithQueries(<SettingsPage />);
    await waitFor(() => expect(radio('At the order').checked).toBe(false));
    fireEvent.click(radio('At the order'));
    fireEvent.click(screen.getByRole('button', { name: 'Save payment setting' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose when payments are captured.',
    );
    expect(radio('At the order').checked).toBe(true);
  });

  it('issue 32.3: a staff member who is not the owner sees the choice but cannot change it', async () => {
    storeSession(member('staff'));
    const sent = stubServer('shipped');
    renderWithQueries(<SettingsPage />);
    await waitFor(() =>
      expect(radio('When the goods ship or are picked up (recommended)').checked).toBe(true),
    );
    expect(radio('At the order').disabled).toBe(true);
    expect(radio('When the goods ship or are picked up (recommended)').disabled).toBe(true);
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Only the shop owner can change this.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save payment setting' })).toBeNull();
    expect(sent.every((call) => call.method === 'GET')).toBe(true);
  });
});
