import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deleteInBatches } from '../../db/delete-in-batches.js';
import { staffChallenges, staffInvitations } from './staff.tables.js';

/**
 * Removes the staff's expired tokens: second-factor challenges (minutes long; a new challenge
 * only clears its own user's) and invitations past their expiry, accepted, withdrawn or never
 * answered alike. Only open invitations are listed or accepted, and the audit log keeps who
 * invited and who joined. Safe to run in several processes at once (`deleteInBatches`).
 */
export async function removeExpiredStaffTokens(
  db: Database,
  now: Date = new Date(),
): Promise<{ challenges: number; invitations: number }> {
  return {
    challenges: await deleteInBatches(
      db,
      staffChallenges,
      staffChallenges.id,
      lt(staffChallenges.expiresAt, now),
    ),
    invitations: await deleteInBatches(
      db,
      staffInvitations,
      staffInvitations.id,
      lt(staffInvitations.expiresAt, now),
    ),
  };
}
