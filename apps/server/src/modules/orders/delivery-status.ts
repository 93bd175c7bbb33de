import type { DeliveryStatus } from '@shop/shared';

/**
 * Where an order may go from each delivery state. A new order is PENDING; the shop owner's
 * tools move it on. DELIVERED and CANCELLED are final.
 */
const transitions: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  PENDING: ['PROCESSING', 'CANCELLED'],
  PROCESSING: ['SHIPPED', 'READY_FOR_PICKUP', 'CANCELLED'],
  SHIPPED: ['DELIVERED'],
  READY_FOR_PICKUP: ['DELIVERED', 'CANCELLED'],
  DELIVERED: [],
  CANCELLED: [],
};

export const initialDeliveryStatus: DeliveryStatus = 'PENDING';

/**
 * Whether an order may move from `from` to `to`. A store pickup is never SHIPPED and a
 * delivery never waits READY_FOR_PICKUP.
 */
export function canMoveDelivery(from: DeliveryStatus, to: DeliveryStatus, storePickup: boolean) {
  if (storePickup && to === 'SHIPPED') return false;
  if (!storePickup && to === 'READY_FOR_PICKUP') return false;
  return transitions[from].includes(to);
}
