import type { DeliveryStatus } from '@shop/shared';

/**
 * Where an order may go from each delivery state. A new order is PENDING; the back office moves
 * it on. DELIVERED, PICKED_UP and CANCELLED are final; cancelling is possible until the goods
 * have left the shop.
 */
const transitions: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  PENDING: ['PACKED', 'CANCELLED'],
  PACKED: ['SHIPPED', 'READY_FOR_PICKUP', 'CANCELLED'],
  SHIPPED: ['DELIVERED'],
  READY_FOR_PICKUP: ['PICKED_UP', 'CANCELLED'],
  DELIVERED: [],
  PICKED_UP: [],
  CANCELLED: [],
};

export const initialDeliveryStatus: DeliveryStatus = 'PENDING';

const pickupOnly: readonly DeliveryStatus[] = ['READY_FOR_PICKUP', 'PICKED_UP'];
const deliveryOnly: readonly DeliveryStatus[] = ['SHIPPED', 'DELIVERED'];

/**
 * Whether an order may move from `from` to `to`. A store pickup is never SHIPPED or DELIVERED,
 * and a home delivery never waits READY_FOR_PICKUP.
 */
export function canMoveDelivery(from: DeliveryStatus, to: DeliveryStatus, storePickup: boolean) {
  if ((storePickup ? deliveryOnly : pickupOnly).includes(to)) return false;
  return transitions[from].includes(to);
}
