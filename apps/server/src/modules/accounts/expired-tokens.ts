import { and, eq, gt, isNull, lt, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { deleteInBatches } from '../../db/delete-in-batches.js';
import { accountTokens, refreshTokens } from './accounts.tables.js';

/**
 * Removes the account's tokens that can no longer do anything, so the tables do not grow with
 * every sign-in and every mailed link: single-use tokens (verification, password reset, social
 * hand-off) once expired, used or not, and refresh tokens once expired, as soon as no token of
 * their session (family) is still alive. A replaced token of a live session stays, however old:
 * presenting it again is how a stolen copy is noticed and the session revoked. Safe to run in
 * several processes at once (`deleteInBatches`). Resolves to how many of each went.
 */
export async function removeExpiredAccountTokens(
  db: Database,
  now: Date = new Date(),
): Promise<{ accountTokens: number; refreshTokens: number }> {
  const live = alias(refreshTokens, 'live');
  const sessionOver = notExists(
    db
      .select({ id: live.id })
      .from(live)
      .where(
        and(
          eq(live.familyId, refreshTokens.familyId),
          gt(live.expiresAt, now),
          isNull(live.revokedAt),
        ),
      ),
  );
  return {
    accountTokens: await deleteInBatches(
      db,
      accountTokens,
      accountTokens.id,
      lt(accountTokens.expiresAt, now),
    ),
    refreshTokens: await deleteInBatches(
      db,
      refreshTokens,
      refreshTokens.id,
      and(lt(refreshTokens.expiresAt, now), sessionOver),
    ),
  };
}
