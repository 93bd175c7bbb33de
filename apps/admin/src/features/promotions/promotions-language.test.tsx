import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCoupon } from '@shop/shared';
import { ConfirmProvider } from '../../components/confirm.js';
import { ToastProvider } from '../../components/toasts.js';
import { renderWithQueries } from '../../test/render.js';
import CouponsPage from './coupons-page.js';
import { SaleDialog } from './sale-dialog.js';

// Coupons and sales in the staff member's language (issue 31.1): a Norwegian reads bokmål, with
// amounts and days written the Norwegian way.

const summer: AdminCoupon = {
  id: '11111111-1111-4111-8111-111111111111',
  code: 'SOMMER',
  type: 'fixed',
  value: 5_000,
  minOrderOre: 0,
  validFrom: '2030-05-31T22:00:00.000Z',
  validTo: '2030-06-30T22:00:00.000Z',
  usageLimit: 100,
  usesPerCustomer: 1,
  usedCount: 3,
  active: true,
  state: 'current',
  createdAt: '2030-05-01T10:00:00.000Z',
  updatedAt: '2030-05-01T10:00:00.000Z',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('promotions in bokmål', () => {
  it('lists coupons in Norwegian', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ coupons: [summer], total: 1, page: 1, pageSize: 25 })),
    );
    renderWithQueries(
      <ToastProvider>
        <MemoryRouter>
          <CouponsPage />
        </MemoryRouter>
      </ToastProvider>,
      { locale: 'nb' },
    );
    expect(screen.getByRole('heading', { name: 'Rabattkoder' })).toBeTruthy();
    expect(await screen.findByText('Gyldig nå', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByText('3 av 100')).toBeTruthy();
    expect(screen.getByText('1 per kunde')).toBeTruthy();
    expect(screen.getByText(/^50,00\skr$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deaktiver SOMMER' })).toBeTruthy();
  });

  it('asks for a new sale in Norwegian', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ categories: [] })),
    );
    renderWithQueries(
      <ConfirmProvider>
        <SaleDialog onClose={() => {}} />
      </ConfirmProvider>,
      { locale: 'nb' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Nytt salg' });
    expect(dialog).toBeTruthy();
    expect(screen.getByLabelText('Rabatt (%)')).toBeTruthy();
    expect(screen.getByLabelText('Starter (norsk tid)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opprett salget' })).toBeTruthy();
  });
});
