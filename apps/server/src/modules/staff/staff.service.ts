import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  type AdminEnrolResponse,
  type AdminLoginResponse,
  type AdminVerifyResponse,
  type Locale,
  type MessageResponse,
  type StaffMe,
  type StaffMember,
  shopTimeFormat,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { ForbiddenError, TooManyAttemptsError, UnauthenticatedError } from '../../domain-errors.js';
import type { MessageKey } from '../../i18n/i18n.js';
import {
  type AccountsService,
  localeOfUser,
  setUserLocale,
  staffAccount,
  staffAccounts,
  staffByCredentials,
  type StaffAccount,
} from '../accounts/index.js';
import { recordAudit } from '../audit/index.js';
import { secondFactorLockedMail } from './staff-mails.js';
import { enqueueMail } from '../mail/index.js';
import {
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpUri,
} from './second-factor.js';
import { staffChallenges, staffRecoveryCodes, staffSecondFactors } from './staff.tables.js';

/** Long enough to open the app (or scan the QR code) and type a code; short enough to not linger. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one challenge takes before it is dead: a million codes cannot be tried through it. */
export const MAX_WRONG_CODES = 5;
/**
 * Wrong answers in a row, from any challenge and any address, after which the account's app
 * codes are locked: two challenges' worth, so a mistyping owner is never locked after one.
 */
export const WRONG_CODES_PER_LOCK = 10;
/** The first lock; each further one (20, 30… wrong in a row) lasts twice as long. */
export const FIRST_LOCK_MS = 15 * 60 * 1000;
/** The longest lock: the owner is never kept out for more than a day. */
export const MAX_LOCK_MS = 24 * 60 * 60 * 1000;

/** How long the `lock`-th lock in a row lasts: 15 min, 30 min, 1 h … at most a day. */
export const lockMs = (lock: number) => Math.min(FIRST_LOCK_MS * 2 ** (lock - 1), MAX_LOCK_MS);

const lockEnd = shopTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
/** The name authenticator apps show above the code. */
const TOTP_ISSUER = 'Nordic Trading Shop';

/** The account module's sessions, as the back office's sign-in uses them. */
export type StaffSessions = Pick<
  AccountsService,
  'openSecondFactorSession' | 'refreshSecondFactorSession' | 'logout'
>;

export interface StaffServiceDeps {
  db: Database;
  sessions: StaffSessions;
  /** For the link in the mail about locked codes. */
  publicUrl: string;
  /** Wakes the mail worker after a transaction that queued a mail has committed. */
  mailQueued: () => void;
}

type ChallengeRow = typeof staffChallenges.$inferSelect;
type FactorRow = typeof staffSecondFactors.$inferSelect;
type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; message: MessageKey; until?: string; locked?: true; mailed?: true };

const refused = (message: MessageKey): Outcome<never> => ({ ok: false, message });
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The back office's sign-in (issue 12): password, then the second factor (a TOTP code from an
 * authenticator app, or a recovery code). Between the two steps the client holds a challenge
 * token: random, stored hashed, five minutes, single use, dead after five wrong codes.
 */
export class StaffService {
  private readonly db: Database;

  constructor(private readonly deps: StaffServiceDeps) {
    this.db = deps.db;
  }

  /**
   * First step. Wrong address, wrong password and an account without a staff role answer the
   * same 401. Until an authenticator is confirmed, every login makes a new secret to enrol.
   */
  async login(email: string, password: string): Promise<AdminLoginResponse> {
    const staff = await staffByCredentials(this.db, email, password);
    if (!staff) throw new UnauthenticatedError('errors.accounts.invalidCredentials');
    return this.db.transaction(async (tx) => {
      const challengeToken = await this.newChallenge(tx, staff.id);
      const [factor] = await tx
        .select({ confirmedAt: staffSecondFactors.confirmedAt })
        .from(staffSecondFactors)
        .where(eq(staffSecondFactors.userId, staff.id));
      if (factor?.confirmedAt) return { step: 'verify', challengeToken };
      const secret = newTotpSecret();
      await tx
        .insert(staffSecondFactors)
        .values({ userId: staff.id, secret })
        .onConflictDoUpdate({
          target: staffSecondFactors.userId,
          set: { secret, createdAt: new Date() },
          setWhere: isNull(staffSecondFactors.confirmedAt),
        });
      return {
        step: 'enrol',
        challengeToken,
        otpauthUri: totpUri(secret, staff.email, TOTP_ISSUER),
        secret,
      };
    });
  }

  /**
   * Confirms the new authenticator with its first code, and answers ten new recovery codes
   * (the old ones go) with a back-office session.
   */
  async enrol(challengeToken: string, code: string): Promise<AdminEnrolResponse> {
    return this.withChallenge(challengeToken, async (tx, challenge) => {
      const found = await this.staffAndFactor(tx, challenge.userId);
      if (!found || found.factor.confirmedAt) return refused('errors.staff.challengeExpired');
      const { staff, factor } = found;
      const step = matchTotpStep(factor.secret, code);
      if (step === undefined) return refused('errors.staff.wrongCode');
      await tx
        .update(staffSecondFactors)
        .set({ confirmedAt: new Date(), lastUsedStep: step })
        .where(eq(staffSecondFactors.userId, staff.id));
      const recoveryCodes = newRecoveryCodes();
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, staff.id));
      await tx
        .insert(staffRecoveryCodes)
        .values(
          recoveryCodes.map((one) => ({ userId: staff.id, codeHash: recoveryCodeHash(one) })),
        );
      const session = await this.deps.sessions.openSecondFactorSession(staff, tx);
      return { ok: true, value: { recoveryCodes, session } };
    });
  }

  /**
   * Second step of an enrolled staff member: a code of a later time step than the last one
   * accepted (so an overheard code cannot be played again), or an unused recovery code.
   */
  async verify(
    challengeToken: string,
    answer: { code?: string; recoveryCode?: string },
  ): Promise<AdminVerifyResponse> {
    return this.withChallenge(challengeToken, async (tx, challenge) => {
      const found = await this.staffAndFactor(tx, challenge.userId);
      if (!found?.factor.confirmedAt) return refused('errors.staff.challengeExpired');
      const { staff, factor } = found;
      if (answer.code !== undefined) {
        // A locked account's codes are not even looked at: a guess tells nothing until then.
        if (factor.lockedUntil && factor.lockedUntil.getTime() > Date.now())
          return {
            ok: false,
            message: 'errors.staff.codesLocked',
            until: lockEnd(factor.lockedUntil),
            locked: true,
          };
        const step = matchTotpStep(factor.secret, answer.code);
        if (step === undefined)
          return this.wrongAnswer(tx, staff, factor, 'errors.staff.wrongCode');
        if (step <= factor.lastUsedStep) return refused('errors.staff.codeUsed');
        await tx
          .update(staffSecondFactors)
          .set({ lastUsedStep: step, wrongCodes: 0, lockedUntil: null })
          .where(eq(staffSecondFactors.userId, staff.id));
      } else {
        const spent = await tx
          .update(staffRecoveryCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(staffRecoveryCodes.userId, staff.id),
              eq(staffRecoveryCodes.codeHash, recoveryCodeHash(answer.recoveryCode ?? '')),
              isNull(staffRecoveryCodes.usedAt),
            ),
          )
          .returning({ id: staffRecoveryCodes.id });
        if (spent.length === 0)
          return this.wrongAnswer(tx, staff, factor, 'errors.staff.wrongRecoveryCode');
        await tx
          .update(staffSecondFactors)
          .set({ wrongCodes: 0, lockedUntil: null })
          .where(eq(staffSecondFactors.userId, staff.id));
      }
      const session = await this.deps.sessions.openSecondFactorSession(staff, tx);
      return { ok: true, value: { session } };
    });
  }

  /**
   * Counts a wrong code or recovery code against the account, in the transaction that holds
   * its factor's row lock, so answers from every process and address share one count. Every
   * tenth in a row locks the app's codes for longer than the last, mails the staff member and
   * writes the audit log; a right answer starts the count again.
   */
  private async wrongAnswer(
    tx: Transaction,
    staff: StaffAccount,
    factor: FactorRow,
    message: MessageKey,
  ): Promise<Outcome<never>> {
    const wrongCodes = factor.wrongCodes + 1;
    if (wrongCodes % WRONG_CODES_PER_LOCK !== 0) {
      await tx
        .update(staffSecondFactors)
        .set({ wrongCodes })
        .where(eq(staffSecondFactors.userId, staff.id));
      return refused(message);
    }
    const lockedUntil = new Date(Date.now() + lockMs(wrongCodes / WRONG_CODES_PER_LOCK));
    await tx
      .update(staffSecondFactors)
      .set({ wrongCodes, lockedUntil })
      .where(eq(staffSecondFactors.userId, staff.id));
    await enqueueMail(
      tx,
      secondFactorLockedMail({
        locale: await localeOfUser(tx, staff.id),
        to: staff.email,
        name: staff.name,
        publicUrl: this.deps.publicUrl,
        wrongCodes,
        lockedUntil,
      }),
    );
    await recordAudit(tx, {
      actor: { id: staff.id, email: staff.email },
      action: 'lock-second-factor',
      entity: 'staff',
      entityId: staff.id,
      changes: {
        wrongCodes: { from: factor.wrongCodes, to: wrongCodes },
        lockedUntil: {
          from: factor.lockedUntil?.toISOString() ?? null,
          to: lockedUntil.toISOString(),
        },
      },
    });
    return {
      ok: false,
      message: 'errors.staff.codesLocked',
      until: lockEnd(lockedUntil),
      locked: true,
      mailed: true,
    };
  }

  /** Rotates a back-office session; a storefront session's token is refused. */
  refresh(refreshToken: string) {
    return this.deps.sessions.refreshSecondFactorSession(refreshToken);
  }

  logout(userId: string, refreshToken: string): Promise<MessageResponse> {
    return this.deps.sessions.logout(userId, refreshToken);
  }

  /** The signed-in staff member, as the back office shows them. */
  async me(userId: string): Promise<StaffMe> {
    const staff = await staffAccount(this.db, userId);
    if (!staff) throw new ForbiddenError('errors.staff.staffOnly');
    return staff;
  }

  /** The language the member's back office speaks from now on, and their next sessions. */
  async setLocale(userId: string, locale: Locale): Promise<void> {
    await this.me(userId);
    await setUserLocale(this.db, userId, locale);
  }

  /** Everyone with a back-office role, and whether they have set up their authenticator. */
  async members(): Promise<StaffMember[]> {
    const staff = await staffAccounts(this.db);
    if (staff.length === 0) return [];
    const confirmed = await this.db
      .select({ userId: staffSecondFactors.userId })
      .from(staffSecondFactors)
      .where(
        and(
          inArray(
            staffSecondFactors.userId,
            staff.map((member) => member.id),
          ),
          isNotNull(staffSecondFactors.confirmedAt),
        ),
      );
    const enrolled = new Set(confirmed.map((row) => row.userId));
    return staff.map((member) => ({ ...member, secondFactor: enrolled.has(member.id) }));
  }

  /** A new challenge for the user; their spent and expired ones go. */
  private async newChallenge(tx: Transaction, userId: string): Promise<string> {
    await tx
      .delete(staffChallenges)
      .where(
        and(
          eq(staffChallenges.userId, userId),
          or(isNotNull(staffChallenges.usedAt), lt(staffChallenges.expiresAt, new Date())),
        ),
      );
    const token = randomBytes(32).toString('base64url');
    await tx.insert(staffChallenges).values({
      userId,
      tokenHash: hashOf(token),
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return token;
  }

  private async staffAndFactor(
    tx: Transaction,
    userId: string,
  ): Promise<{ staff: StaffAccount; factor: typeof staffSecondFactors.$inferSelect } | undefined> {
    const staff = await staffAccount(tx, userId);
    if (!staff) return undefined;
    const [factor] = await tx
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, userId))
      .for('update');
    return factor && { staff, factor };
  }

  /**
   * Runs one attempt on a live challenge, locked against a parallel attempt. Success spends the
   * challenge; a refusal counts against it and is committed before the 401 is thrown.
   */
  private async withChallenge<T>(
    challengeToken: string,
    attempt: (tx: Transaction, challenge: ChallengeRow) => Promise<Outcome<T>>,
  ): Promise<T> {
    const outcome = await this.db.transaction(async (tx): Promise<Outcome<T>> => {
      const [challenge] = await tx
        .select()
        .from(staffChallenges)
        .where(eq(staffChallenges.tokenHash, hashOf(challengeToken)))
        .for('update');
      if (
        !challenge ||
        challenge.usedAt ||
        challenge.expiresAt.getTime() <= Date.now() ||
        challenge.failedAttempts >= MAX_WRONG_CODES
      )
        return refused('errors.staff.challengeExpired');
      const result = await attempt(tx, challenge);
      await tx
        .update(staffChallenges)
        .set(
          result.ok
            ? { usedAt: new Date() }
            : { failedAttempts: sql`${staffChallenges.failedAttempts} + 1` },
        )
        .where(eq(staffChallenges.id, challenge.id));
      return result;
    });
    if (outcome.ok) return outcome.value;
    if (outcome.mailed) this.deps.mailQueued();
    const details = { values: { until: outcome.until } };
    throw outcome.locked
      ? new TooManyAttemptsError(outcome.message, details)
      : new UnauthenticatedError(outcome.message, details);
  }
}
