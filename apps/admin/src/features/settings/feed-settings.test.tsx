import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminSession, FeedSettings, StaffRole } from '@shop/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/toasts.js';
import { storeSession } from '../../lib/session.js';
import { renderWithQueries } from '../../test/render.js';
import { FeedSettingsSection } from './feed-settings.js';

// The product feeds on the settings page (issue 34.6): every staff member sees which feeds are
// published and their addresses to copy; the owner turns each on or off.

const feeds = '/api/admin/settings/feeds';
const googleAddress = `${window.location.origin}/feeds/google-merchant.xml`;
const prisjaktAddress = `${window.location.origin}/feeds/prisjakt.xml`;

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

/** The server: the stored setting, changed by a PUT unless `refusal` answers it instead. */
function stubServer(
  stored: FeedSettings['productFeeds'],
  refusal?: { status: number; message: string },
) {
  let productFeeds = stored;
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ method, path, body });
      if (path !== feeds) return json({ message: 'Not found' }, 404);
      if (method === 'PUT') {
        if (refusal) return json({ message: refusal.message }, refusal.status);
        ({ productFeeds } = body as FeedSettings);
      }
      return json({ productFeeds });
    }),
  );
  return sent;
}

const section = () => (
  <ToastProvider>
    <FeedSettingsSection />
  </ToastProvider>
);

const switchOf = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name });
const puts = (sent: Sent[]) => sent.filter((call) => call.method === 'PUT');

afterEach(() => {
  vi.unstubAllGlobals();
  storeSession(undefined);
});

describe('the product feeds on the settings page (issue 34.6)', () => {
  it('issue 34.6: shows in bokmål which feeds are published, each with its address', async () => {
    storeSession(member('owner'));
    stubServer({ googleMerchant: true, prisjakt: false });
    renderWithQueries(section(), { locale: 'nb' });
    expect(await screen.findByRole('heading', { name: 'Produktfeeder', level: 2 })).toBeTruthy();
    await waitFor(() =>
      expect(switchOf('Publiser feeden for Google Merchant Center').checked).toBe(true),
    );
    expect(switchOf('Publiser feeden for Prisjakt').checked).toBe(false);
    expect(
      screen.getByRole<HTMLInputElement>('textbox', {
        name: 'Adressen til feeden for Google Merchant Center',
      }).value,
    ).toBe(googleAddress);
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: 'Adressen til feeden for Prisjakt' })
        .value,
    ).toBe(prisjaktAddress);
    expect(screen.getByRole('button', { name: 'Lagre produktfeeder' })).toBeTruthy();
  });

  it('issue 34.6: the owner turns a feed on, and the PUT carries both feeds', async () => {
    storeSession(member('owner'));
    const sent = stubServer({ googleMerchant: true, prisjakt: false });
    renderWithQueries(section());
    await waitFor(() =>
      expect(switchOf('Publish the Google Merchant Center feed').checked).toBe(true),
    );
    fireEvent.click(switchOf('Publish the Prisjakt feed'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save product feeds' }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(puts(sent)[0]).toEqual({
      method: 'PUT',
      path: feeds,
      body: { productFeeds: { googleMerchant: true, prisjakt: true } },
    });
    expect(await screen.findByText('Product feeds saved.')).toBeTruthy();
    // Read back from the server: the form starts again from what is stored.
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(switchOf('Publish the Prisjakt feed').checked).toBe(true);
  });

  it('issue 34.6: shows the server’s refusal above the switches', async () => {
    storeSession(member('owner'));
    stubServer(
      { googleMerchant: false, prisjakt: false },
      { status: 400, message: 'Choose which product feeds are published.' },
    );
    renderWithQueries(section());
    await waitFor(() => expect(switchOf('Publish the Prisjakt feed').checked).toBe(false));
    fireEvent.click(switchOf('Publish the Prisjakt feed'));
    fireEvent.click(screen.getByRole('button', { name: 'Save product feeds' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose which product feeds are published.',
    );
    expect(switchOf('Publish the Prisjakt feed').checked).toBe(true);
  });

  it('issue 34.6: copies a feed’s address for the owner to give the site', async () => {
    storeSession(member('owner'));
    stubServer({ googleMerchant: false, prisjakt: true });
    const writeText = vi.fn(async (_text: string) => {});
    // jsdom has no clipboard: the browser's, as the page calls it.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      renderWithQueries(section());
      fireEvent.click(
        await screen.findByRole('button', { name: 'Copy the address of the Prisjakt feed' }),
      );
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(prisjaktAddress));
      expect(await screen.findByText('The address of the Prisjakt feed is copied.')).toBeTruthy();
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('issue 34.6: a staff member who is not the owner sees the feeds and addresses but cannot change them', async () => {
    storeSession(member('staff'));
    const sent = stubServer({ googleMerchant: false, prisjakt: true });
    renderWithQueries(section());
    await waitFor(() => expect(switchOf('Publish the Prisjakt feed').checked).toBe(true));
    expect(switchOf('Publish the Prisjakt feed').disabled).toBe(true);
    expect(switchOf('Publish the Google Merchant Center feed').disabled).toBe(true);
    expect(
      screen.getByRole<HTMLInputElement>('textbox', {
        name: 'Address of the Google Merchant Center feed',
      }).value,
    ).toBe(googleAddress);
    expect(screen.getByText('Only the shop owner can change this.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save product feeds' })).toBeNull();
    expect(sent.every((call) => call.method === 'GET')).toBe(true);
  });
});
