// The feature's public face (issue 30): other features import only this file; app/ routes to its
// pages. Plain re-exports only, so the bundler can leave out what an importer does not use.
export { DeliveryBadge, PaymentBadge } from './order-states.js';
export { OrdersToPackBadge } from './orders-to-pack-badge.js';
