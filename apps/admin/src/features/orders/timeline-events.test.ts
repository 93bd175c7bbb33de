import type { AdminOrderEvent } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { formatOre } from '../../lib/format.js';
import { describeEvent, eventActor } from './timeline-events.js';

const event = (kind: string, detail: Record<string, unknown> = {}): AdminOrderEvent => ({
  id: 1,
  kind,
  detail,
  actorEmail: null,
  createdAt: '2025-03-31T12:00:00.000Z',
});

describe('describeEvent', () => {
  it('tells a delivery move with underscores as spaces and the tracking', () => {
    expect(describeEvent(event('delivery', { from: 'PACKED', to: 'READY_FOR_PICKUP' }))).toEqual({
      title: 'Delivery PACKED → READY FOR PICKUP',
      details: [],
    });
    expect(
      describeEvent(
        event('delivery', {
          from: 'PACKED',
          to: 'SHIPPED',
          carrier: 'Posten',
          trackingNumber: 'AB123',
          trackingUrl: 'https://sporing.posten.no/AB123',
        }),
      ),
    ).toEqual({
      title: 'Delivery PACKED → SHIPPED',
      details: ['Tracking: Posten AB123', 'https://sporing.posten.no/AB123'],
    });
  });

  it('tells money in kroner', () => {
    expect(describeEvent(event('charged', { amountOre: 19_900 })).title).toBe(
      `Payment charged: ${formatOre(19_900)}`,
    );
    expect(
      describeEvent(event('refund', { kind: 'return', amountOre: 9_950, note: 'Too small' })),
    ).toEqual({ title: `Refunded ${formatOre(9_950)} (return)`, details: ['Too small'] });
    expect(
      describeEvent(event('refund_failed', { amountOre: 500, reason: 'Provider down' })),
    ).toEqual({ title: `Refund of ${formatOre(500)} failed`, details: ['Provider down'] });
  });

  it('tells a failed charge with its attempt and reason', () => {
    expect(describeEvent(event('charge_failed', { attempts: 2, reason: 'Card declined' }))).toEqual(
      { title: 'Charge failed (attempt 2)', details: ['Card declined'] },
    );
  });

  it('tells a mail by its subject, template and recipient', () => {
    expect(
      describeEvent(
        event('mail', { template: 'order-shipped', to: 'a@example.no', subject: 'On its way' }),
      ),
    ).toEqual({
      title: 'Mail sent: On its way',
      details: ['Template order-shipped · a@example.no'],
    });
  });

  it('tells a note, a cancellation and a return', () => {
    expect(describeEvent(event('note', { text: 'Called the customer' })).details).toEqual([
      'Called the customer',
    ]);
    expect(
      describeEvent(
        event('cancelled', {
          reason: 'Out of stock',
          from: 'PACKED',
          payment: 'refunded',
          amountOre: 1_000,
        }),
      ),
    ).toEqual({
      title: 'Order cancelled (was PACKED)',
      details: ['Reason: Out of stock', `Payment refunded: ${formatOre(1_000)}`],
    });
    expect(
      describeEvent(
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

  it('copes with a detail that lacks its fields and with a kind it does not know', () => {
    expect(describeEvent(event('charged'))).toEqual({ title: 'Payment charged', details: [] });
    expect(describeEvent(event('something_new'))).toEqual({
      title: 'something new',
      details: [],
    });
  });
});

describe('eventActor', () => {
  it('names the staff member, else the customer or the shop', () => {
    expect(eventActor({ ...event('note'), actorEmail: 'staff@example.no' })).toBe(
      'staff@example.no',
    );
    expect(eventActor(event('created'))).toBe('Customer');
    expect(eventActor(event('charged'))).toBe('Shop (automatic)');
  });
});
