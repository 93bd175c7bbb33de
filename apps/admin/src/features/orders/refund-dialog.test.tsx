import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, RefundResponse } from '@shop/shared';
import { renderWithQueries } from '../../test/render.js';
import { GoodwillDialog, ReturnDialog } from './refund-dialog.js';

// The refund dialogs' Idempotency-Key (issue 29): one key per opening, sent with every submit of
// that opening, so a submit sent again after a lost answer is the refund already made.

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const LINE_ID = '22222222-2222-4222-8222-222222222222';

const order = {
  id: ORDER_ID,
  number: 10042,
  grandTotalOre: 37_700,
  refundedOre: 0,
  payment: { status: 'CHARGED' },
  lines: [
    {
      id: LINE_ID,
      name: 'Acacia Honey',
      variants: {},
      quantity: 2,
      returnedQuantity: 0,
    },
  ],
} as unknown as AdminOrder;

const answer: RefundResponse = {
  refund: {
    id: '33333333-3333-4333-8333-333333333333',
    kind: 'goodwill',
    amountOre: 7_900,
    status: 'completed',
    lines: [],
    note: '',
    failure: null,
    providerRefundId: 'provider-1',
    createdByEmail: 'staff@example.no',
    createdAt: '2030-06-05T10:00:00.000Z',
    completedAt: '2030-06-05T10:00:01.000Z',
  },
  order: {
    orderId: ORDER_ID,
    number: 10042,
    paymentStatus: 'PARTLY_REFUNDED',
    deliveryStatus: 'DELIVERED',
    grandTotalOre: 37_700,
    refundedOre: 7_900,
    refundableOre: 29_800,
    paymentAttempts: 1,
    paymentLastError: null,
  },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The refunds call: each answer in turn (a thrown error is a connection that broke). */
function stubRefunds(answers: (() => Response)[]) {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path !== `/api/admin/orders/${ORDER_ID}/refunds` || init?.method !== 'POST')
        return json({ message: 'Not found' }, 404);
      keys.push(new Headers(init.headers).get('idempotency-key') ?? undefined);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    }),
  );
  return keys;
}

const lostAnswer = () => {
  throw new TypeError('Failed to fetch');
};

afterEach(() => vi.unstubAllGlobals());

function openGoodwill() {
  const view = renderWithQueries(
    <GoodwillDialog order={order} onRefunded={vi.fn()} onClose={vi.fn()} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Refund an amount on order #10042' });
  fireEvent.change(within(dialog).getByLabelText('Amount in NOK'), { target: { value: '79' } });
  const send = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
  return { view, dialog, send };
}

describe('the refund dialogs’ idempotency key (issue 29)', () => {
  it('sends the same key again after a lost answer, so the refund made is answered, not made twice', async () => {
    const keys = stubRefunds([lostAnswer, () => json(answer)]);
    const { dialog, send } = openGoodwill();
    send();
    expect(
      await within(dialog).findByText(
        'The shop server did not answer. Check the connection and try again.',
      ),
    ).toBeTruthy();
    send();
    expect(await screen.findByRole('dialog', { name: 'Refund made' })).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('makes a new key for each opening', async () => {
    const keys = stubRefunds([() => json(answer), () => json(answer)]);
    for (let opening = 0; opening < 2; opening += 1) {
      const { view, send } = openGoodwill();
      send();
      await screen.findByRole('dialog', { name: 'Refund made' });
      view.unmount();
    }
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a return sends its key too, and a key used with other values says to check the refunds', async () => {
    const keys = stubRefunds([
      () => json({ message: 'This Idempotency-Key was already used' }, 422),
    ]);
    renderWithQueries(<ReturnDialog order={order} onRefunded={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Register a return on order #10042' });
    fireEvent.change(within(dialog).getByLabelText('Units of Acacia Honey returned'), {
      target: { value: '1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register return and refund' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(await within(dialog).findByText(/already made a refund with other values/)).toBeTruthy();
  });
});
