import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminOrder, AdminOrderList } from '@shop/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/toasts.js';
import { renderWithQueries } from '../../test/render.js';
import OrderPage from './order-page.js';
import OrdersPage from './orders-page.js';

// Issue 34.5: the back office downloads the order list as CSV with the filters shown, and an
// order's receipt and packing slip as the PDFs the server writes.

const ORDER_ID = '11111111-1111-4111-8111-111111111111';

const order: AdminOrder = {
  id: ORDER_ID,
  number: 10042,
  createdAt: '2030-06-05T10:00:00.000Z',
  updatedAt: '2030-06-05T10:00:00.000Z',
  deliveryMethod: 'home',
  deliveryStatus: 'PENDING',
  allowedDeliveryMoves: ['PACKED'],
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  lines: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      productId: null,
      productItemId: null,
      name: 'Wool Socks',
      slug: 'wool-socks',
      variants: {},
      sku: 'SOCK-1',
      image: '',
      quantity: 2,
      returnedQuantity: 0,
      shippedQuantity: 0,
      listPriceOre: 9_900,
      unitPriceOre: 9_900,
      vatPercent: 25,
      lineTotalOre: 19_800,
    },
  ],
  itemsTotalOre: 19_800,
  discountOre: 0,
  shippingOre: 0,
  grandTotalOre: 19_800,
  refundedOre: 0,
  couponCode: null,
  vatLines: [{ rate: 25, amountOre: 3_960 }],
  shippingByRate: [],
  shippingDetails: null,
  billingDetails: null,
  payment: {
    provider: 'test',
    paymentId: 'pay-1',
    status: 'CHARGED',
    attempts: 1,
    lastError: null,
    chargedAt: '2030-06-05T10:00:00.000Z',
    capturedOre: 19_800,
  },
  customer: null,
  refunds: [],
  shipments: [],
  timeline: [],
};

const list: AdminOrderList = { orders: [], total: 0, page: 1, pageSize: 25 };

const pdf = (filename: string) =>
  new Response('%PDF-1.3', {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
    },
  });

/** The paths asked of the server, in order, and the names of the files saved. */
let asked: string[];
let saved: string[];

// jsdom keeps no files: the object URL is a name, and a click on the saving link is noted.
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  asked = [];
  saved = [];
  URL.createObjectURL = () => 'blob:file';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function answer(files: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      const file = files[path];
      if (file) return file();
      if (path === `/api/admin/orders/${ORDER_ID}`) return Response.json(order);
      if (path.startsWith('/api/admin/orders?')) return Response.json(list);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
}

function renderAt(address: string, locale: 'en' | 'nb' = 'en') {
  renderWithQueries(
    <ToastProvider>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/orders/:orderId" element={<OrderPage />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
    { locale },
  );
}

describe('downloading orders (issue 34.5)', () => {
  it('exports the orders the list’s filters and sort find, every page of them', async () => {
    answer({
      '/api/admin/orders/export.csv?q=kari&deliveryStatus=PENDING&sort=total&order=asc': () =>
        new Response('\ufeffOrder;Date\r\n', {
          headers: { 'content-disposition': 'attachment; filename="orders.csv"' },
        }),
    });
    renderAt('/orders?q=kari&deliveryStatus=PENDING&sort=total&order=asc&page=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['orders.csv']));
    expect(asked).toContain(
      '/api/admin/orders/export.csv?q=kari&deliveryStatus=PENDING&sort=total&order=asc',
    );
  });

  it('says so when the export is refused', async () => {
    answer({
      '/api/admin/orders/export.csv': () =>
        Response.json({ message: 'deliveryStatus must be one of PENDING' }, { status: 400 }),
    });
    renderAt('/orders', 'nb');
    fireEvent.click(await screen.findByRole('button', { name: 'Eksporter CSV' }));
    expect(await screen.findByText('deliveryStatus must be one of PENDING')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it.each([
    ['Receipt (PDF)', 'receipt.pdf', 'kvittering-10042.pdf'],
    ['Packing slip (PDF)', 'packing-slip.pdf', 'pakkseddel-10042.pdf'],
  ])(
    'the order page’s %s button saves the server’s PDF under its name',
    async (name, file, filename) => {
      answer({ [`/api/admin/orders/${ORDER_ID}/${file}`]: () => pdf(filename) });
      renderAt(`/orders/${ORDER_ID}`);
      fireEvent.click(await screen.findByRole('button', { name }));
      await waitFor(() => expect(saved).toEqual([filename]));
      expect(asked).toContain(`/api/admin/orders/${ORDER_ID}/${file}`);
    },
  );

  it('names the buttons in bokmål, and says when a download fails', async () => {
    answer({});
    renderAt(`/orders/${ORDER_ID}`, 'nb');
    expect(await screen.findByRole('button', { name: 'Pakkseddel (PDF)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kvittering (PDF)' }));
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
