import { screen } from '@testing-library/react';
import type { AdminCustomerDetail } from '@shop/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../test/render.js';
import CustomerPage from './customer-page.js';

const CUSTOMER_ID = '11111111-1111-4111-8111-111111111111';

const customer: AdminCustomerDetail = {
  id: CUSTOMER_ID,
  name: 'Kari Nordmann',
  email: 'kari@example.no',
  provider: 'local',
  verified: true,
  blocked: null,
  createdAt: '2026-11-27T13:05:00.000Z',
  verifiedAt: '2026-11-27T13:10:00.000Z',
  phone: '',
  accountAddress: {
    phone: '',
    address: '',
    apartmentNumber: '',
    postalCode: '',
    city: '',
    country: '',
  },
  shippingDetails: null,
  billingAddress: null,
  orders: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      number: 10042,
      createdAt: '2026-11-27T13:05:00.000Z',
      grandTotalOre: 123_450,
      refundedOre: 0,
      deliveryStatus: 'READY_FOR_PICKUP',
      paymentStatus: 'PARTLY_REFUNDED',
      itemCount: 2,
    },
  ],
  reviews: [],
};

afterEach(() => vi.unstubAllGlobals());

function renderCustomer(locale: 'en' | 'nb') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(customer)),
  );
  renderWithQueries(
    <MemoryRouter initialEntries={[`/customers/${CUSTOMER_ID}`]}>
      <Routes>
        <Route path="/customers/:customerId" element={<CustomerPage />} />
      </Routes>
    </MemoryRouter>,
    { locale },
  );
}

describe('a customer’s page (issue 31)', () => {
  it('reads in bokmål, with the order’s states, kroner and time as Norwegians write them', async () => {
    renderCustomer('nb');
    expect(await screen.findByRole('heading', { name: 'Ordrer (1)' })).toBeTruthy();
    expect(screen.getByText('Logger inn med')).toBeTruthy();
    expect(screen.getByText('E-post og passord')).toBeTruthy();
    expect(screen.getByText('Klar til henting')).toBeTruthy();
    expect(screen.getByText('Delvis refundert')).toBeTruthy();
    expect(screen.getByText(/^1\s234,50\skr$/)).toBeTruthy();
    expect(screen.getAllByText('27. nov. 2026 kl. 14.05').length).toBeGreaterThan(0);
    expect(screen.getByText('Ingen anmeldelser ennå.')).toBeTruthy();
  });

  it('keeps the spec’s English words in English', async () => {
    renderCustomer('en');
    expect(await screen.findByRole('heading', { name: 'Orders (1)' })).toBeTruthy();
    expect(screen.getByText('Ready for pickup')).toBeTruthy();
    expect(screen.getByText(/^NOK\s1,234\.50$/)).toBeTruthy();
  });
});
