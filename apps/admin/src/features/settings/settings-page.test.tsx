import { fireEvent, screen, waitFor } from '@testing-library/react';
import { shopSettingDefaults, type ShopDetailsEditor } from '@shop/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../test/render.js';
import SettingsPage from './settings-page.js';

afterEach(() => vi.unstubAllGlobals());

interface Sent {
  method: string;
  body: unknown;
}

/**
 * The server: the stored `details` for a GET, a PUT's body back as saved; the payment, mail and
 * feed settings, which the page shows below them, as a new shop has them.
 */
function stubServer(details: ShopDetailsEditor) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/admin/settings/payments')
        return Response.json({ paymentCapture: shopSettingDefaults.paymentCapture });
      if (path === '/api/admin/settings/notifications')
        return Response.json({
          orderMailRecipients: shopSettingDefaults.orderMailRecipients,
          lowStockMail: shopSettingDefaults.lowStockMail,
        });
      if (path === '/api/admin/settings/feeds')
        return Response.json({ productFeeds: shopSettingDefaults.productFeeds });
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ method, body });
      return Response.json(
        method === 'PUT' ? { ...(body as object), savedAt: '2026-05-04T10:00:00.000Z' } : details,
      );
    }),
  );
  return sent;
}

const field = (label: string) => screen.getByLabelText<HTMLTextAreaElement>(label);

describe('the settings page (issue 34)', () => {
  it('holds the order and stock mail settings and the product feeds below the details', async () => {
    stubServer({ ...shopSettingDefaults.shopDetails, savedAt: null });
    renderWithQueries(<SettingsPage />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Order and stock mail' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Product feeds' })).toBeTruthy();
  });
});

describe('the shop details in Norwegian (issue 31)', () => {
  it('names the page, the fields and the save button in bokmål', async () => {
    stubServer({ ...shopSettingDefaults.shopDetails, savedAt: null });
    renderWithQueries(<SettingsPage />, { locale: 'nb' });
    expect(screen.getByRole('heading', { name: 'Butikkinformasjon', level: 1 })).toBeTruthy();
    expect(await screen.findByLabelText('Organisasjonsnummer')).toBeTruthy();
    expect(screen.getByLabelText('Poststed')).toBeTruthy();
    expect(screen.getByText('Ni sifre, som i Brønnøysundregistrene: 923 456 789.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lagre butikkinformasjonen' })).toBeTruthy();
  });
});

describe('the shop’s own words in bokmål and English (issue 31)', () => {
  const stored: ShopDetailsEditor = {
    ...shopSettingDefaults.shopDetails,
    about: 'Ull og honning fra fjordene.',
    aboutEn: '',
    openingHours: ['Mandag–fredag 10.00–18.00', 'Lørdag stengt'],
    openingHoursEn: [],
    savedAt: '2026-05-01T10:00:00.000Z',
  };

  it('edits the English beside the Norwegian, marking each English left empty', async () => {
    stubServer(stored);
    renderWithQueries(<SettingsPage />, { locale: 'nb' });
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Om butikken (norsk)')).value).toBe(
      stored.about,
    );
    expect(field('Åpningstider (norsk)').value).toBe('Mandag–fredag 10.00–18.00\nLørdag stengt');
    expect(field('Om butikken (engelsk)').value).toBe('');
    expect(field('Åpningstider (engelsk)').value).toBe('');
    const note = 'Tom: engelske sider viser den norske teksten';
    expect(screen.getAllByText(note)).toHaveLength(2);
    fireEvent.change(field('Om butikken (engelsk)'), {
      target: { value: 'Wool and honey from the fjords.' },
    });
    await waitFor(() => expect(screen.getAllByText(note)).toHaveLength(1));
  });

  it('saves both languages, the English hours one a line', async () => {
    const sent = stubServer(stored);
    renderWithQueries(<SettingsPage />);
    fireEvent.change(await screen.findByLabelText('About the shop (English)'), {
      target: { value: ' Wool and honey from the fjords. ' },
    });
    fireEvent.change(field('Opening hours (English)'), {
      target: { value: 'Monday–Friday 10:00–18:00\n\n Saturday closed \n' },
    });
    expect(screen.queryByText('Empty: English pages show the Norwegian')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save shop details' }));
    await waitFor(() => expect(sent.map((call) => call.method)).toContain('PUT'));
    expect(sent.find((call) => call.method === 'PUT')?.body).toMatchObject({
      about: stored.about,
      aboutEn: 'Wool and honey from the fjords.',
      openingHours: stored.openingHours,
      openingHoursEn: ['Monday–Friday 10:00–18:00', 'Saturday closed'],
      savedAt: stored.savedAt,
    });
  });
});
