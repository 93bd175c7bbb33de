import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  type InvitationAcceptRequest,
  type InvitationDetails,
  type Locale,
  type StaffInvitation,
  type StaffInvitationRequest,
  type StaffRole,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors.js';
import {
  hasAccount,
  joinStaff,
  leaveStaff,
  localeOfAddress,
  lockedOwnerCount,
  setStaffRole,
  setUserLocale,
  staffAccount,
  staffAccountWithEmail,
} from '../accounts/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { staffInvitationMail } from './staff-mails.js';
import { enqueueMail } from '../mail/index.js';
import { staffInvitations, staffRecoveryCodes, staffSecondFactors } from './staff.tables.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StaffTeamDeps {
  db: Database;
  publicUrl: string;
  mailQueued: () => void;
}

/**
 * The owner's management of the staff (issue 12): invitations by mail (single use, expiring,
 * stored hashed), role changes and removal. The shop always keeps one owner, and nobody changes
 * their own role, so an owner cannot lock the shop out by a slip.
 */
export class StaffTeam {
  constructor(private readonly deps: StaffTeamDeps) {}

  /**
   * `locale` is the inviting member's back-office language: the invitation is written in it
   * unless the address already has an account, whose own language wins.
   */
  async invite(actor: Actor & { name: string }, request: StaffInvitationRequest, locale: Locale) {
    const email = request.email;
    const token = randomBytes(32).toString('base64url');
    const invitation = await this.deps.db.transaction(async (tx) => {
      const existing = await staffAccountWithEmail(tx, email);
      if (existing)
        throw new ConflictError('errors.staff.alreadyStaff', { values: { email }, field: 'email' });
      // A new invitation replaces the address's open ones, so only the latest link works.
      await tx
        .update(staffInvitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(staffInvitations.email, email), openInvitation()));
      const [row] = await tx
        .insert(staffInvitations)
        .values({
          email,
          role: request.role,
          tokenHash: hashOf(token),
          invitedBy: actor.id,
          expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
        })
        .returning();
      if (!row) throw new Error('invitation insert returned no row');
      await enqueueMail(
        tx,
        staffInvitationMail({
          locale: (await localeOfAddress(tx, email)) ?? locale,
          to: email,
          invitedBy: actor.name || actor.email || '',
          role: request.role,
          publicUrl: this.deps.publicUrl,
          token,
          validDays: INVITATION_DAYS,
        }),
      );
      await recordAudit(tx, {
        actor,
        action: 'invite',
        entity: 'staff-invitation',
        entityId: row.id,
        changes: { email: { from: null, to: email }, role: { from: null, to: request.role } },
      });
      return row;
    });
    this.deps.mailQueued();
    return toInvitation(invitation, actor.email ?? '');
  }

  /** Invitations not yet answered, withdrawn or expired, the newest first. */
  async openInvitations(): Promise<StaffInvitation[]> {
    const rows = await this.deps.db
      .select()
      .from(staffInvitations)
      .where(openInvitation())
      .orderBy(desc(staffInvitations.createdAt));
    const inviters = new Map<string, string>();
    for (const row of rows)
      if (row.invitedBy && !inviters.has(row.invitedBy))
        inviters.set(row.invitedBy, (await staffAccount(this.deps.db, row.invitedBy))?.email ?? '');
    return rows.map((row) => toInvitation(row, inviters.get(row.invitedBy ?? '') ?? ''));
  }

  async withdraw(actor: Actor, invitationId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffInvitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(staffInvitations.id, invitationId), openInvitation()))
        .returning();
      if (!row) throw new NotFoundError('errors.staff.invitationNotFound');
      await recordAudit(tx, {
        actor,
        action: 'withdraw',
        entity: 'staff-invitation',
        entityId: row.id,
      });
    });
  }

  /** What the invitation page shows; a spent, withdrawn or expired link is refused. */
  async details(token: string): Promise<InvitationDetails> {
    const [row] = await this.deps.db
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.tokenHash, hashOf(token)), openInvitation()));
    if (!row) throw new NotFoundError('errors.staff.invitationGone');
    return {
      email: row.email,
      role: row.role,
      existingAccount: await hasAccount(this.deps.db, row.email),
    };
  }

  /**
   * Spends the invitation and gives its address the role, in one transaction: two clicks on the
   * link make one member. The member then signs in at /admin/login and sets up the second factor.
   */
  /** A new account joins in the language its invitation was answered in (issue 31.7). */
  async accept(request: InvitationAcceptRequest, locale: Locale): Promise<{ email: string }> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffInvitations)
        .set({ acceptedAt: new Date() })
        .where(and(eq(staffInvitations.tokenHash, hashOf(request.token)), openInvitation()))
        .returning();
      if (!row) throw new NotFoundError('errors.staff.invitationGone');
      const member = await joinStaff(tx, { ...request, email: row.email, role: row.role });
      if (!request.existingAccount) await setUserLocale(tx, member.id, locale);
      await recordAudit(tx, {
        actor: { id: member.id, email: member.email },
        action: 'accept-invitation',
        entity: 'staff',
        entityId: member.id,
        changes: { role: { from: null, to: row.role } },
      });
      return { email: member.email };
    });
  }

  async changeRole(actor: Actor, memberId: string, role: StaffRole): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const member = await this.otherMember(tx, actor, memberId);
      if (member.role === role) return;
      if (member.role === 'owner') await keepAnOwner(tx);
      await setStaffRole(tx, member.id, role);
      await recordAudit(tx, {
        actor,
        action: 'change-role',
        entity: 'staff',
        entityId: member.id,
        changes: { role: { from: member.role, to: role } },
      });
    });
  }

  /** The account stays (as a customer's); its back-office sessions and authenticator go. */
  async remove(actor: Actor, memberId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const member = await this.otherMember(tx, actor, memberId);
      if (member.role === 'owner') await keepAnOwner(tx);
      await leaveStaff(tx, member.id);
      await tx.delete(staffSecondFactors).where(eq(staffSecondFactors.userId, member.id));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, member.id));
      await recordAudit(tx, {
        actor,
        action: 'remove',
        entity: 'staff',
        entityId: member.id,
        changes: { role: { from: member.role, to: 'customer' } },
      });
    });
  }

  private async otherMember(tx: Transaction, actor: Actor, memberId: string) {
    if (memberId === actor.id) throw new ForbiddenError('errors.staff.notYourself');
    const member = await staffAccount(tx, memberId);
    if (!member) throw new NotFoundError('errors.staff.memberNotFound');
    return member;
  }
}

const openInvitation = () =>
  and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, new Date()),
  );

/** Refuses to take the owner role from one of the owners when it is the last. */
async function keepAnOwner(tx: Transaction): Promise<void> {
  if ((await lockedOwnerCount(tx)) <= 1) throw new ConflictError('errors.staff.lastOwner');
}

function toInvitation(
  row: typeof staffInvitations.$inferSelect,
  invitedBy: string,
): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
