import { and, asc, eq, gt, inArray, lt, not, notExists, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { refreshTokens, users } from './accounts.tables.js';
import type { CustomerOrders } from './users.service.js';

/** A guest nothing needs is removed once it is this old. */
export const GUEST_LIFETIME_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 200;

/**
 * Removes the guests created before `cutoff` that nothing needs any more: no order, no payment
 * under way, and no session refreshed since the cutoff (an access token lasts minutes, so a
 * guest still using the shop always has a newer refresh token). Tokens and wishlist go with
 * the user through the foreign keys, checkouts that never became orders through
 * `customerOrders.forget`. Resolves to how many were removed.
 *
 * Safe beside checkouts and against other processes running the same removal: each guest is
 * locked before it is removed (`FOR UPDATE SKIP LOCKED`, so two processes share the work and
 * neither waits), an order or checkout being stored for it holds a key-share lock on it and
 * makes it skipped, and once it is locked no order can be stored for it until the removal
 * commits. The conditions are read again under the lock for what committed meanwhile.
 */
export async function removeIdleGuests(
  db: Database,
  cutoff: Date,
  customerOrders: CustomerOrders,
): Promise<number> {
  const idle = and(
    eq(users.provider, 'guest'),
    lt(users.createdAt, cutoff),
    not(customerOrders.hasOrders(users.id)),
    notExists(
      db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, users.id), gt(refreshTokens.createdAt, cutoff))),
    ),
  );
  let removed = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const locked = await tx
        .select({ id: users.id })
        .from(users)
        .where(idle)
        .orderBy(asc(users.createdAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      const ids = await stillIdle(
        tx,
        locked.map((row) => row.id),
        idle,
      );
      if (ids.length > 0) {
        await customerOrders.forget(tx, ids);
        await tx.delete(users).where(inArray(users.id, ids));
      }
      return { locked: locked.length, removed: ids.length };
    });
    removed += batch.removed;
    // Guests kept back by a refresh in progress would come again at once; the next run takes them.
    if (batch.locked < BATCH_SIZE || batch.removed === 0) return removed;
  }
}

/**
 * The locked guests that are still idle now. A guest whose refresh token another transaction
 * holds is being signed in again: it stays, and is not waited for, since that refresh waits
 * for the guest's row and waiting on each other would deadlock.
 */
async function stillIdle(tx: Transaction, ids: string[], idle: SQL | undefined) {
  if (ids.length === 0) return [];
  const current = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), idle));
  const tokens = await tx
    .select({ id: refreshTokens.id, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(inArray(refreshTokens.userId, ids));
  const lockedTokens = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(inArray(refreshTokens.userId, ids))
    .for('update', { skipLocked: true });
  const ours = new Set(lockedTokens.map((token) => token.id));
  const busy = new Set(tokens.filter((token) => !ours.has(token.id)).map((token) => token.userId));
  return current.map((row) => row.id).filter((id) => !busy.has(id));
}
