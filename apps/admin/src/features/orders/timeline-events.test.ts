import type { AdminOrderEvent } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { wordsOf } from '../../test/words.js';
import type en from './i18n/en.json';
import { describeEvent, eventActor } from './timeline-events.js';

const english = wordsOf<typeof en>('en');
const tell = (event: AdminOrderEvent) => describeEvent(event, english.t, english.format);
const actor = (event: AdminOrderEvent) => eventActor(english.t, event);

const event = (kind: string, detail: Record<string, unknown> = {}): AdminOrderEvent => ({
  id: 1,
  kind,
  detail,
  actorEmail: null,
  createdAt: '2025-03-31T12:00:00.000Z',
});

describe('describeEvent', () => {
  it('tells a delivery move with underscores as spaces and the tracking', () => {
    expect(tell(event('delivery', { from: 'PACKED', to: 'READY_FOR_PICKUP' }))).toEqual({
      title: 'Delivery Packed → Ready for pickup',
      details: [],
    });
    expect(
      tell(
        event('delivery', {
          from: 'PACKED',
          to: 'SHIPPED',
          carrier: 'Posten',
          trackingNumber: 'AB123',
          trackingUrl: 'https://sporing.posten.no/AB123',
        }),
      ),
    ).toEqual({
      title: 'Delivery Packed → Shipped',
      details: ['Tracking: Posten AB123', 'https://sporing.posten.no/AB123'],
    });
  });

  it('tells money in kroner', () => {
    expect(tell(event('charged', { amountOre: 19_900 })).title).toBe(
      `Payment charged: NOK\u00a0199.00`,
    );
    expect(tell(event('refund', { kind: 'return', amountOre: 9_950, note: 'Too small' }))).toEqual({
      title: `Refunded NOK\u00a099.50 (return)`,
      details: ['Too small'],
    });
    expect(tell(event('refund_failed', { amountOre: 500, reason: 'Provider down' }))).toEqual({
      title: `Refund of NOK\u00a05.00 failed`,
      details: ['Provider down'],
    });
  });

  it('tells a failed charge with its attempt and reason', () => {
    expect(tell(event('charge_failed', { attempts: 2, reason: 'Card declined' }))).toEqual({
      title: 'Charge failed (attempt 2)',
      details: ['Card declined'],
    });
  });

  it('tells a mail by its subject, template and recipient', () => {
    expect(
      tell(event('mail', { template: 'order-shipped', to: 'a@example.no', subject: 'On its way' })),
    ).toEqual({
      title: 'Mail sent: On its way',
      details: ['Template order-shipped · a@example.no'],
    });
  });

  it('tells a note, a cancellation and a return', () => {
    expect(tell(event('note', { text: 'Called the customer' })).details).toEqual([
      'Called the customer',
    ]);
    expect(
      tell(
        event('cancelled', {
          reason: 'Out of stock',
          from: 'PACKED',
          payment: 'refunded',
          amountOre: 1_000,
        }),
      ),
    ).toEqual({
      title: 'Order cancelled (was Packed)',
      details: ['Reason: Out of stock', `Payment refunded: NOK\u00a010.00`],
    });
    expect(
      tell(
        event('returned', {
          lines: [
            { name: 'Mug', quantity: 2, restock: true },
            { name: 'Plate', quantity: 1, restock: false },
          ],
        }),
      ),
    ).toEqual({
      title: 'Goods returned',
      details: ['2 × Mug (back to stock)', '1 × Plate (not back to stock)'],
    });
  });

  it('issue 32.3: tells a part shipment by its units and tracking, and the last part as such', () => {
    const part = {
      lines: [{ orderLineId: 'a', name: 'Mug', quantity: 2 }],
      amountOre: 9_900,
      last: false,
      carrier: 'Posten',
      trackingNumber: 'AB123',
      trackingUrl: null,
    };
    expect(tell(event('shipped_part', part))).toEqual({
      title: 'Part shipped',
      details: ['2 × Mug', 'Tracking: Posten AB123'],
    });
    expect(tell(event('shipped_part', { ...part, last: true })).title).toBe('Last part shipped');
    const norwegian = wordsOf<typeof en>('nb');
    expect(describeEvent(event('shipped_part', part), norwegian.t, norwegian.format)).toEqual({
      title: 'Del sendt',
      details: ['2 × Mug', 'Sporing: Posten AB123'],
    });
  });

  it('copes with a detail that lacks its fields and with a kind it does not know', () => {
    expect(tell(event('charged'))).toEqual({ title: 'Payment charged', details: [] });
    expect(tell(event('something_new'))).toEqual({
      title: 'Something new',
      details: [],
    });
  });
});

describe('eventActor', () => {
  it('names the staff member, else the customer or the shop', () => {
    expect(actor({ ...event('note'), actorEmail: 'staff@example.no' })).toBe('staff@example.no');
    expect(actor(event('created'))).toBe('Customer');
    expect(actor(event('charged'))).toBe('Shop (automatic)');
  });
});

describe('the timeline in Norwegian', () => {
  it('tells states, money and the actor in bokmål', () => {
    const norwegian = wordsOf<typeof en>('nb');
    const told = (event: AdminOrderEvent) => describeEvent(event, norwegian.t, norwegian.format);
    expect(told(event('delivery', { from: 'PACKED', to: 'READY_FOR_PICKUP' })).title).toBe(
      'Levering Pakket → Klar til henting',
    );
    expect(told(event('refund', { kind: 'return', amountOre: 123_450 })).title).toBe(
      'Refundert 1\u00a0234,50\u00a0kr (retur)',
    );
    expect(eventActor(norwegian.t, event('charged'))).toBe('Butikken (automatisk)');
  });
});
