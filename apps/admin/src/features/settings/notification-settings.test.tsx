import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  settingsMessages,
  type AdminSession,
  type NotificationSettings,
  type StaffRole,
} from '@shop/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../lib/session.js';
import { renderWithQueries } from '../../test/render.js';
import { NotificationSettingsSection } from './notification-settings.js';

// Who hears of new orders and low stock (issue 34): staff see it, the owner changes it.

const url = '/api/admin/settings/notifications';

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

/** The server: the stored settings, changed by a PUT unless `refusal` answers it instead. */
function stubServer(stored: NotificationSettings, refusal?: { status: number; body: unknown }) {
  let settings = stored;
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ method, path, body });
      if (path !== url) return json({ message: 'Not found' }, 404);
      if (method === 'PUT') {
        if (refusal) return json(refusal.body, refusal.status);
        settings = body as NotificationSettings;
      }
      return json(settings);
    }),
  );
  return sent;
}

const recipients = (name = 'Who is mailed each new order and the low-stock list') =>
  screen.getByRole<HTMLTextAreaElement>('textbox', { name });
const lowStockSwitch = (name = 'Send the daily low-stock mail') =>
  screen.getByRole<HTMLInputElement>('checkbox', { name });
const puts = (sent: Sent[]) => sent.filter((call) => call.method === 'PUT');

afterEach(() => {
  vi.unstubAllGlobals();
  storeSession(undefined);
});

describe('the order and stock mail settings (issue 34)', () => {
  it('shows the stored recipients one per line and the switch, in bokmål', async () => {
    storeSession(member('owner'));
    stubServer({
      orderMailRecipients: ['ordre@butikken.no', 'lager@butikken.no'],
      lowStockMail: true,
    });
    renderWithQueries(<NotificationSettingsSection />, { locale: 'nb' });
    expect(
      await screen.findByRole('heading', { name: 'E-post om ordrer og lager', level: 2 }),
    ).toBeTruthy();
    const field = await screen.findByRole<HTMLTextAreaElement>('textbox', {
      name: 'Hvem som får e-post om hver ny ordre og listen over lite på lager',
    });
    expect(field.value).toBe('ordre@butikken.no\nlager@butikken.no');
    expect(lowStockSwitch('Send daglig e-post om lite på lager').checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Lagre e-post om ordrer og lager' })).toBeTruthy();
  });

  it('the owner saves recipients typed one per line and turns the low-stock mail off', async () => {
    storeSession(member('owner'));
    const sent = stubServer({ orderMailRecipients: [], lowStockMail: true });
    renderWithQueries(<NotificationSettingsSection />);
    await waitFor(() => expect(lowStockSwitch().checked).toBe(true));
    fireEvent.change(recipients(), {
      target: { value: ' ordre@butikken.no \n\nlager@butikken.no\n' },
    });
    fireEvent.click(lowStockSwitch());
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save order and stock mail' }));

    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]).toEqual({
      method: 'PUT',
      path: url,
      body: {
        orderMailRecipients: ['ordre@butikken.no', 'lager@butikken.no'],
        lowStockMail: false,
      },
    });
    // The saved settings are read back and the form starts again from them.
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(recipients().value).toBe('ordre@butikken.no\nlager@butikken.no');
    expect(lowStockSwitch().checked).toBe(false);
  });

  it('marks an address that is not one beside the field, and sends nothing', async () => {
    storeSession(member('owner'));
    const sent = stubServer({ orderMailRecipients: [], lowStockMail: true });
    renderWithQueries(<NotificationSettingsSection />);
    await waitFor(() => expect(lowStockSwitch().checked).toBe(true));
    fireEvent.change(recipients(), { target: { value: 'ordre@butikken.no\nnot an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save order and stock mail' }));
    expect(await screen.findByText(settingsMessages.orderMailRecipients)).toBeTruthy();
    expect(recipients().getAttribute('aria-invalid')).toBe('true');
    expect(puts(sent)).toEqual([]);
  });

  it('shows the server’s refusal of a recipient beside the field', async () => {
    storeSession(member('owner'));
    const refusal = {
      message: 'Hver mottaker må være en gyldig e-postadresse, og det kan være maks 10.',
      fieldErrors: {
        'orderMailRecipients.0':
          'Hver mottaker må være en gyldig e-postadresse, og det kan være maks 10.',
      },
    };
    stubServer({ orderMailRecipients: [], lowStockMail: true }, { status: 400, body: refusal });
    renderWithQueries(<NotificationSettingsSection />);
    await waitFor(() => expect(lowStockSwitch().checked).toBe(true));
    fireEvent.change(recipients(), { target: { value: 'ordre@butikken.no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save order and stock mail' }));
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect(recipients().getAttribute('aria-invalid')).toBe('true');
    expect(recipients().value).toBe('ordre@butikken.no');
  });

  it('a staff member who is not the owner sees the settings but cannot change them', async () => {
    storeSession(member('staff'));
    const sent = stubServer({ orderMailRecipients: ['ordre@butikken.no'], lowStockMail: true });
    renderWithQueries(<NotificationSettingsSection />);
    await waitFor(() => expect(recipients().value).toBe('ordre@butikken.no'));
    expect(recipients().readOnly).toBe(true);
    expect(lowStockSwitch().disabled).toBe(true);
    expect(screen.getByText('Only the shop owner can change this.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save order and stock mail' })).toBeNull();
    expect(sent.every((call) => call.method === 'GET')).toBe(true);
  });
});
