import type { Database, Transaction } from '../../db/client.js';
import type { Actor } from '../audit/index.js';
import { orderEvents, type OrderEventKind } from './orders.tables.js';

/**
 * Adds a line to an order's timeline, in the transaction of what it tells (so the timeline
 * never claims what was rolled back). `actor` is the staff member; none for the shopper, the
 * payment provider or the server's own work.
 */
export async function recordOrderEvent(
  db: Database | Transaction,
  event: {
    orderId: string;
    kind: OrderEventKind;
    detail?: Record<string, unknown>;
    actor?: Actor;
  },
): Promise<void> {
  await db.insert(orderEvents).values({
    orderId: event.orderId,
    kind: event.kind,
    detail: event.detail ?? {},
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
  });
}
