import type { AccountProvider, DeliveryStatus, OrderPaymentStatus } from '@shop/shared';

export const providerNames: Record<AccountProvider, string> = {
  local: 'E-mail and password',
  google: 'Google',
  apple: 'Apple',
  guest: 'Guest',
};

export const deliveryStatusNames: Record<DeliveryStatus, string> = {
  PENDING: 'Pending',
  PACKED: 'Packed',
  SHIPPED: 'Shipped',
  READY_FOR_PICKUP: 'Ready for pickup',
  DELIVERED: 'Delivered',
  PICKED_UP: 'Picked up',
  CANCELLED: 'Cancelled',
};

export const paymentStatusNames: Record<OrderPaymentStatus, string> = {
  AUTHORISED: 'Authorised',
  CHARGED: 'Charged',
  CHARGE_FAILED: 'Charge failed',
  PARTLY_REFUNDED: 'Partly refunded',
  REFUNDED: 'Refunded',
  CANCELLED: 'Cancelled',
};
