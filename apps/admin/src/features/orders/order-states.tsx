import type { DeliveryStatus, OrderPaymentStatus } from '@shop/shared';
import Badge from 'react-bootstrap/Badge';
import { useT, type Translate } from '../../lib/i18n.js';
import type en from './i18n/en.json';

export type OrdersTranslate = Translate<keyof typeof en>;

/**
 * A state as staff read it, in sentence case in both languages (READY_FOR_PICKUP is "Ready for
 * pickup", as a customer's page lists their orders); a state this back office does not know
 * yet is shown the same way.
 */
export const stateLabel = (t: OrdersTranslate, state: string) => {
  const words = state.replaceAll('_', ' ').toLowerCase();
  return t('orders.state', { state, label: words.charAt(0).toUpperCase() + words.slice(1) });
};

type Look = { bg: string; text?: 'dark' };

const deliveryLooks: Record<DeliveryStatus, Look> = {
  PENDING: { bg: 'warning', text: 'dark' },
  PACKED: { bg: 'info', text: 'dark' },
  SHIPPED: { bg: 'primary' },
  READY_FOR_PICKUP: { bg: 'primary' },
  DELIVERED: { bg: 'success' },
  PICKED_UP: { bg: 'success' },
  CANCELLED: { bg: 'secondary' },
};

const paymentLooks: Record<OrderPaymentStatus, Look> = {
  AUTHORISED: { bg: 'info', text: 'dark' },
  CHARGED: { bg: 'success' },
  CHARGE_FAILED: { bg: 'danger' },
  PARTLY_REFUNDED: { bg: 'warning', text: 'dark' },
  REFUNDED: { bg: 'secondary' },
  CANCELLED: { bg: 'secondary' },
};

export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  const t = useT<typeof en>();
  return <Badge {...deliveryLooks[status]}>{stateLabel(t, status)}</Badge>;
}

export function PaymentBadge({ status }: { status: OrderPaymentStatus }) {
  const t = useT<typeof en>();
  // «Reservert – trekkes ved sending» is longer than a narrow column: it wraps rather than
  // running out of its card.
  return (
    <Badge {...paymentLooks[status]} className="text-wrap text-start">
      {stateLabel(t, status)}
    </Badge>
  );
}

export const deliveryMethodLabel = (t: OrdersTranslate, method: 'home' | 'pickup') =>
  t('orders.deliveryMethod', { method });

/** The payment service by the name staff know it from its own portal. */
export const paymentProviderLabel = (t: OrdersTranslate, provider: string) =>
  t('orders.provider', { provider });
