import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  deliveryStatuses,
  orderPaymentStatuses,
  type AdminOrder,
  type PartShipmentRequest,
} from '@shop/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/toasts.js';
import { renderWithQueries } from '../../test/render.js';
import { wordsOf } from '../../test/words.js';
import type en from './i18n/en.json';
import OrderPage from './order-page.js';
import { stateLabel } from './order-states.js';
import { canShipPart } from './part-shipment-dialog.js';
import { refundableOre } from './refund-dialog.js';

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const HONEY = '22222222-2222-4222-8222-222222222222';
const SOCKS = '33333333-3333-4333-8333-333333333333';

const line = {
  productId: null,
  productItemId: null,
  variants: {},
  sku: null,
  image: '',
  returnedQuantity: 0,
  shippedQuantity: 0,
  vatPercent: 15,
};

const reserved: AdminOrder = {
  id: ORDER_ID,
  number: 10042,
  createdAt: '2030-06-05T10:00:00.000Z',
  updatedAt: '2030-06-05T10:00:00.000Z',
  deliveryMethod: 'home',
  deliveryStatus: 'PACKED',
  allowedDeliveryMoves: ['SHIPPED'],
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  lines: [
    {
      ...line,
      id: HONEY,
      name: 'Acacia Honey',
      slug: 'acacia-honey',
      quantity: 2,
      listPriceOre: 14_900,
      unitPriceOre: 14_900,
      lineTotalOre: 29_800,
    },
    {
      ...line,
      id: SOCKS,
      name: 'Wool Socks',
      slug: 'wool-socks',
      quantity: 1,
      listPriceOre: 7_900,
      unitPriceOre: 7_900,
      lineTotalOre: 7_900,
    },
  ],
  itemsTotalOre: 37_700,
  discountOre: 0,
  shippingOre: 0,
  grandTotalOre: 37_700,
  refundedOre: 0,
  couponCode: null,
  vatLines: [{ rate: 15, amountOre: 4_917 }],
  shippingByRate: [],
  shippingDetails: null,
  billingDetails: null,
  payment: {
    provider: 'test',
    paymentId: 'pay-1',
    status: 'AUTHORISED',
    attempts: 0,
    lastError: null,
    chargedAt: null,
    capturedOre: 0,
  },
  customer: null,
  refunds: [],
  shipments: [],
  timeline: [],
};

/** The order once one jar of honey has left: its share captured. */
const partShipped: AdminOrder = {
  ...reserved,
  lines: reserved.lines.map((orderLine) =>
    orderLine.id === HONEY ? { ...orderLine, shippedQuantity: 1 } : orderLine,
  ),
  payment: { ...reserved.payment, capturedOre: 14_900 },
  shipments: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      lines: [{ orderLineId: HONEY, quantity: 1 }],
      amountOre: 14_900,
      carrier: 'Posten',
      trackingNumber: 'CP123456789NO',
      trackingUrl: 'https://sporing.posten.no/CP123456789NO',
      createdByEmail: 'staff@example.no',
      createdAt: '2030-06-06T08:30:00.000Z',
    },
  ],
};

/**
 * The order page for `order`; its part shipments answered in turn from `answers`. The order's
 * own address always answers `order`, so what the page shows after a shipment is the answer.
 */
function renderOrder(
  order: AdminOrder,
  { answers = [], locale = 'en' }: { answers?: Response[]; locale?: 'en' | 'nb' } = {},
) {
  const sent: PartShipmentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === `/api/admin/orders/${ORDER_ID}` && (init?.method ?? 'GET') === 'GET')
        return Response.json(order);
      if (path === `/api/admin/orders/${ORDER_ID}/shipments` && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)) as PartShipmentRequest);
        const answer = answers.shift();
        if (answer) return answer;
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  renderWithQueries(
    <ToastProvider>
      <MemoryRouter initialEntries={[`/orders/${ORDER_ID}`]}>
        <Routes>
          <Route path="/orders/:orderId" element={<OrderPage />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
    { locale },
  );
  return sent;
}

async function openDialog(name = 'Ship part of the order') {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
}

function fillTracking(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: 'Posten' } });
  fireEvent.change(within(dialog).getByLabelText('Tracking number'), {
    target: { value: 'CP123456789NO' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('part shipments in the back office (issue 32.3)', () => {
  it.each([
    ['a reserved home delivery being packed', true, {}],
    [
      'a charged home delivery not yet packed',
      true,
      { deliveryStatus: 'PENDING', status: 'CHARGED' },
    ],
    ['a pickup', false, { deliveryMethod: 'pickup' }],
    ['a shipped order', false, { deliveryStatus: 'SHIPPED' }],
    ['a cancelled order', false, { deliveryStatus: 'CANCELLED', status: 'CANCELLED' }],
    ['a failed capture', false, { status: 'CHARGE_FAILED' }],
    ['a refunded payment', false, { status: 'PARTLY_REFUNDED' }],
    ['an order whose every unit has left', false, { shippedAll: true }],
  ] as const)('issue 32.3: offers shipping part of %s: %s', (_, offered, change) => {
    const given = change as Partial<{
      deliveryMethod: AdminOrder['deliveryMethod'];
      deliveryStatus: AdminOrder['deliveryStatus'];
      status: AdminOrder['payment']['status'];
      shippedAll: boolean;
    }>;
    const order: AdminOrder = {
      ...reserved,
      deliveryMethod: given.deliveryMethod ?? reserved.deliveryMethod,
      deliveryStatus: given.deliveryStatus ?? reserved.deliveryStatus,
      payment: { ...reserved.payment, status: given.status ?? reserved.payment.status },
      lines: given.shippedAll
        ? reserved.lines.map((orderLine) => ({
            ...orderLine,
            shippedQuantity: orderLine.quantity,
          }))
        : reserved.lines,
    };
    expect(canShipPart(order)).toBe(offered);
  });

  it('issue 32.3: shows no part-shipment button for a pickup', async () => {
    renderOrder({ ...reserved, deliveryMethod: 'pickup' });
    expect(await screen.findByRole('heading', { name: 'Order #10042' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ship part of the order' })).toBeNull();
  });

  it('issue 32.3: sends exactly the lines given units, and puts the answered order on the page', async () => {
    const sent = renderOrder(reserved, { answers: [Response.json(partShipped)] });
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Ship part of order #10042' })).toBeTruthy();
    expect(
      (within(dialog).getByLabelText('Units of Wool Socks to ship') as HTMLInputElement).value,
    ).toBe('0');
    fireEvent.change(within(dialog).getByLabelText('Units of Acacia Honey to ship'), {
      target: { value: '1' },
    });
    fillTracking(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship the chosen units' }));

    // The page's text matchers read a no-break space as a space.
    expect(
      await screen.findByText('Part of order #10042 shipped; NOK 149.00 captured.'),
    ).toBeTruthy();
    expect(sent).toEqual([
      {
        lines: [{ orderLineId: HONEY, quantity: 1 }],
        carrier: 'Posten',
        trackingNumber: 'CP123456789NO',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('1 of 2 shipped')).toBeTruthy();
    // Once part has left, the order can no longer be cancelled, only shipped on.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ship part of the order' })).toBeTruthy();
    expect(screen.getByText('0 of 1 shipped')).toBeTruthy();
    const shipments = screen.getByRole('heading', { name: 'Part shipments' })
      .parentElement as HTMLElement;
    expect(within(shipments).getByText('1 × Acacia Honey')).toBeTruthy();
    expect(within(shipments).getByText('CP123456789NO')).toBeTruthy();
    expect(within(shipments).getByRole('link', { name: 'Track' }).getAttribute('href')).toBe(
      'https://sporing.posten.no/CP123456789NO',
    );
    expect(within(shipments).getByText('staff@example.no')).toBeTruthy();
    expect(screen.getByText('Captured', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'NOK\u00a0149.00 of NOK\u00a0377.00',
    );
  });

  it('issue 32.3: shows the server’s refusal in the form and keeps what was typed', async () => {
    renderOrder(reserved, {
      answers: [
        Response.json({ message: 'Only 1 of Wool Socks is left to ship' }, { status: 409 }),
      ],
    });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Units of Wool Socks to ship'), {
      target: { value: '1' },
    });
    fillTracking(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship the chosen units' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Only 1 of Wool Socks is left to ship',
    );
    expect((within(dialog).getByLabelText('Carrier') as HTMLInputElement).value).toBe('Posten');
  });

  it('issue 32.3: sends nothing without units, or with more than are left of a line', async () => {
    const sent = renderOrder(partShipped);
    const dialog = await openDialog();
    fillTracking(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship the chosen units' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Enter how many to ship of at least one line.',
    );
    fireEvent.change(within(dialog).getByLabelText('Units of Acacia Honey to ship'), {
      target: { value: '2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship the chosen units' }));
    expect(await within(dialog).findByText('Enter a whole number from 0 to 1.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('issue 32.3: asks for the carrier and tracking number with the full shipment’s messages', async () => {
    const sent = renderOrder(reserved);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Units of Wool Socks to ship'), {
      target: { value: '1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship the chosen units' }));
    expect(await within(dialog).findByText('Carrier is required to ship an order')).toBeTruthy();
    expect(within(dialog).getByText('Tracking number is required to ship an order')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('issue 32.3: speaks bokmål: the action, the form, the shipped counts and what was captured', async () => {
    renderOrder(partShipped, { locale: 'nb' });
    expect(await screen.findByText('1 av 2 sendt')).toBeTruthy();
    expect(screen.getByText('0 av 1 sendt')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Delsendinger' })).toBeTruthy();
    expect(screen.getByText('Trukket', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      '149,00\u00a0kr av 377,00\u00a0kr',
    );
    const dialog = await openDialog('Send del av ordren');
    expect(within(dialog).getByRole('heading', { name: 'Send del av ordre #10042' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Antall Acacia Honey som sendes')).toBeTruthy();
    expect(within(dialog).getByText('Enkeltvare · 1 av 2 er ikke sendt ennå')).toBeTruthy();
    expect(within(dialog).getByLabelText('Transportør')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send de valgte varene' })).toBeTruthy();
  });

  it('issue 32.3: says nothing of captures for an order that left in one go', async () => {
    renderOrder({
      ...reserved,
      deliveryStatus: 'SHIPPED',
      allowedDeliveryMoves: ['DELIVERED'],
      lines: reserved.lines.map((orderLine) => ({
        ...orderLine,
        shippedQuantity: orderLine.quantity,
      })),
      payment: { ...reserved.payment, status: 'CHARGED', capturedOre: 37_700 },
    });
    expect(await screen.findByRole('heading', { name: 'Order #10042' })).toBeTruthy();
    expect(screen.queryByText(/shipped$/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Part shipments' })).toBeNull();
    expect(screen.queryByText('Captured', { selector: 'dt' })).toBeNull();
  });
});

describe('refunds of what the shipped parts captured (issue 32.3)', () => {
  it('issue 32.3: an order still reserved offers back what its shipped parts captured, no more', () => {
    expect(refundableOre(reserved)).toBe(0);
    expect(refundableOre(partShipped)).toBe(14_900);
    expect(refundableOre({ ...partShipped, refundedOre: 4_900 })).toBe(10_000);
    expect(
      refundableOre({ ...partShipped, payment: { ...partShipped.payment, status: 'REFUNDED' } }),
    ).toBe(0);
  });
});

describe('the order states’ labels (issue 32)', () => {
  it.each(['en', 'nb'] as const)(
    'issue 32: writes every delivery and payment state in sentence case (%s)',
    (locale) => {
      const { t } = wordsOf<typeof en>(locale);
      for (const state of [...deliveryStatuses, ...orderPaymentStatuses])
        expect(stateLabel(t, state)).toMatch(/^\p{Lu}[^\p{Lu}]*$/u);
    },
  );

  it('issue 32: reads the states in English as in bokmål, a state it does not know the same way', () => {
    const { t } = wordsOf<typeof en>('en');
    expect(stateLabel(t, 'READY_FOR_PICKUP')).toBe('Ready for pickup');
    expect(stateLabel(t, 'CHARGED')).toBe('Charged');
    expect(stateLabel(t, 'AUTHORISED')).toBe('Reserved – captured when shipped');
    expect(stateLabel(t, 'ON_HOLD')).toBe('On hold');
    expect(stateLabel(wordsOf<typeof en>('nb').t, 'ON_HOLD')).toBe('On hold');
  });
});
