import type { AdminOrderEvent } from '@shop/shared';
import { formatOre } from '../../lib/format.js';
import { stateLabel } from './order-states.js';

export interface EventText {
  title: string;
  /** Further lines under the title: a note's text, a mail's subject, a failure's reason. */
  details: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const amount = (value: unknown) => (typeof value === 'number' ? formatOre(value) : '');
const present = (lines: string[]) => lines.filter((line) => line !== '');

/**
 * One timeline event in words. The detail is the server's JSON as it was written when the event
 * happened, so every field is read defensively: an older event may lack one.
 */
export function describeEvent(event: AdminOrderEvent): EventText {
  const detail = event.detail;
  switch (event.kind) {
    case 'created':
      return { title: 'Order placed', details: [] };
    case 'charged':
      return {
        title: present(['Payment charged', amount(detail.amountOre)]).join(': '),
        details: [],
      };
    case 'charge_failed':
      return {
        title:
          typeof detail.attempts === 'number'
            ? `Charge failed (attempt ${detail.attempts})`
            : 'Charge failed',
        details: present([text(detail.reason)]),
      };
    case 'delivery': {
      const tracking = present([text(detail.carrier), text(detail.trackingNumber)]).join(' ');
      return {
        title: `Delivery ${stateLabel(text(detail.from))} → ${stateLabel(text(detail.to))}`,
        details: present([tracking && `Tracking: ${tracking}`, text(detail.trackingUrl)]),
      };
    }
    case 'mail':
      return {
        title: `Mail sent: ${text(detail.subject) || text(detail.template)}`,
        details: present([
          present([
            text(detail.template) && `Template ${text(detail.template)}`,
            text(detail.to),
          ]).join(' · '),
        ]),
      };
    case 'note':
      return { title: 'Note', details: present([text(detail.text)]) };
    case 'refund':
      return {
        title: present([
          `Refunded ${amount(detail.amountOre)}`,
          text(detail.kind) && `(${text(detail.kind)})`,
        ]).join(' '),
        details: present([text(detail.note)]),
      };
    case 'refund_failed':
      return {
        title: `Refund of ${amount(detail.amountOre)} failed`,
        details: present([text(detail.reason)]),
      };
    case 'cancelled': {
      const payment =
        detail.payment === 'refunded'
          ? `Payment refunded: ${amount(detail.amountOre)}`
          : detail.payment === 'released'
            ? 'Card reservation released'
            : '';
      return {
        title: present([
          'Order cancelled',
          text(detail.from) && `(was ${stateLabel(text(detail.from))})`,
        ]).join(' '),
        details: present([text(detail.reason) && `Reason: ${text(detail.reason)}`, payment]),
      };
    }
    case 'returned': {
      const lines = Array.isArray(detail.lines) ? (detail.lines as unknown[]) : [];
      return {
        title: 'Goods returned',
        details: lines.map((line) => {
          const returned = (line ?? {}) as Record<string, unknown>;
          const stock = returned.restock === false ? 'not back to stock' : 'back to stock';
          return `${String(returned.quantity ?? '?')} × ${text(returned.name) || 'item'} (${stock})`;
        }),
      };
    }
    default:
      return { title: stateLabel(event.kind), details: [] };
  }
}

/** Who did it: a staff member's address, else the customer (placing the order) or the shop. */
export const eventActor = (event: AdminOrderEvent) =>
  event.actorEmail ?? (event.kind === 'created' ? 'Customer' : 'Shop (automatic)');
