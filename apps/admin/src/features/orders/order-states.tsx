import type { DeliveryStatus, OrderPaymentStatus } from '@shop/shared';
import Badge from 'react-bootstrap/Badge';

/** A state as staff read it: READY_FOR_PICKUP is READY FOR PICKUP, as My Orders shows it. */
export const stateLabel = (state: string) => state.replaceAll('_', ' ');

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
  return <Badge {...deliveryLooks[status]}>{stateLabel(status)}</Badge>;
}

export function PaymentBadge({ status }: { status: OrderPaymentStatus }) {
  return <Badge {...paymentLooks[status]}>{stateLabel(status)}</Badge>;
}

export const deliveryMethodLabel = (method: 'home' | 'pickup') =>
  method === 'home' ? 'Home delivery' : 'Store pickup';

const providerNames: Record<string, string> = { nets: 'Nexi Checkout', test: 'Test payments' };

/** The payment service by the name staff know it from its own portal. */
export const paymentProviderLabel = (provider: string) => providerNames[provider] ?? provider;
