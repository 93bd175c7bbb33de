import type { AdminOrderEvent } from '@shop/shared';
import type { Formats } from '../../lib/i18n.js';
import { stateLabel, type OrdersTranslate } from './order-states.js';

export interface EventText {
  title: string;
  /** Further lines under the title: a note's text, a mail's subject, a failure's reason. */
  details: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const present = (lines: string[]) => lines.filter((line) => line !== '');

/**
 * One timeline event in the staff member's words. The detail is the server's JSON as it was
 * written when the event happened, so every field is read defensively: an older event may lack
 * one.
 */
export function describeEvent(
  event: AdminOrderEvent,
  t: OrdersTranslate,
  format: Formats,
): EventText {
  const detail = event.detail;
  const amount = (value: unknown) => (typeof value === 'number' ? format.ore(value) : '');
  switch (event.kind) {
    case 'created':
      return { title: t('orders.event.created'), details: [] };
    case 'charged': {
      const charged = amount(detail.amountOre);
      return {
        title: charged
          ? t('orders.event.chargedAmount', { amount: charged })
          : t('orders.event.charged'),
        details: [],
      };
    }
    case 'charge_failed':
      return {
        title:
          typeof detail.attempts === 'number'
            ? t('orders.event.chargeFailedAttempt', { attempts: detail.attempts })
            : t('orders.event.chargeFailed'),
        details: present([text(detail.reason)]),
      };
    case 'delivery': {
      const tracking = present([text(detail.carrier), text(detail.trackingNumber)]).join(' ');
      return {
        title: t('orders.event.delivery', {
          from: stateLabel(t, text(detail.from)),
          to: stateLabel(t, text(detail.to)),
        }),
        details: present([
          tracking && t('orders.event.tracking', { tracking }),
          text(detail.trackingUrl),
        ]),
      };
    }
    case 'shipped_part': {
      const lines = Array.isArray(detail.lines) ? (detail.lines as unknown[]) : [];
      const tracking = present([text(detail.carrier), text(detail.trackingNumber)]).join(' ');
      return {
        title: t('orders.event.shippedPart', { last: String(detail.last === true) }),
        details: present([
          ...lines.map((line) => {
            const shipped = (line ?? {}) as Record<string, unknown>;
            return t('orders.refunds.line', {
              quantity: String(shipped.quantity ?? '?'),
              name: text(shipped.name) || t('orders.event.item'),
            });
          }),
          tracking && t('orders.event.tracking', { tracking }),
          text(detail.trackingUrl),
        ]),
      };
    }
    case 'mail':
      return {
        title: t('orders.event.mail', { subject: text(detail.subject) || text(detail.template) }),
        details: present([
          present([
            text(detail.template) &&
              t('orders.event.template', { template: text(detail.template) }),
            text(detail.to),
          ]).join(' · '),
        ]),
      };
    case 'note':
      return { title: t('orders.event.note'), details: present([text(detail.text)]) };
    case 'refund': {
      const kind = text(detail.kind);
      return {
        title: kind
          ? t('orders.event.refundKind', {
              amount: amount(detail.amountOre),
              kind: t('orders.refundKind', { kind }),
            })
          : t('orders.event.refund', { amount: amount(detail.amountOre) }),
        details: present([text(detail.note)]),
      };
    }
    case 'refund_failed':
      return {
        title: t('orders.event.refundFailed', { amount: amount(detail.amountOre) }),
        details: present([text(detail.reason)]),
      };
    case 'cancelled': {
      const payment =
        detail.payment === 'refunded'
          ? t('orders.event.paymentRefunded', { amount: amount(detail.amountOre) })
          : detail.payment === 'released'
            ? t('orders.event.reservationReleased')
            : '';
      const from = text(detail.from);
      const reason = text(detail.reason);
      return {
        title: from
          ? t('orders.event.cancelledFrom', { from: stateLabel(t, from) })
          : t('orders.event.cancelled'),
        details: present([reason && t('orders.event.reason', { reason }), payment]),
      };
    }
    case 'returned': {
      const lines = Array.isArray(detail.lines) ? (detail.lines as unknown[]) : [];
      return {
        title: t('orders.event.returned'),
        details: lines.map((line) => {
          const returned = (line ?? {}) as Record<string, unknown>;
          return t('orders.event.returnedLine', {
            quantity: String(returned.quantity ?? '?'),
            name: text(returned.name) || t('orders.event.item'),
            restock: String(returned.restock !== false),
          });
        }),
      };
    }
    default:
      return { title: stateLabel(t, event.kind), details: [] };
  }
}

/** Who did it: a staff member's address, else the customer (placing the order) or the shop. */
export const eventActor = (t: OrdersTranslate, event: AdminOrderEvent) =>
  event.actorEmail ??
  (event.kind === 'created' ? t('orders.timeline.customer') : t('orders.timeline.shop'));
