import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  accountServerMessages as messages,
  accountTexts,
  adminCustomerMessages,
  isStaffRole,
  isStrongPassword,
  nameRequiredMessage,
  normalizeEmail,
  profileNameProblem,
  standardEmailPattern,
  type AdminSession,
  type Locale,
  type MessageResponse,
  type Profile,
  type ProfileUpdateRequest,
  type SessionUser,
  type StaffRole,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import type { PersonalStrings } from '../../personal-text.js';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  UnauthenticatedError,
} from '../../domain-errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { findCountry } from '../countries/index.js';
import {
  accountDeletedMail,
  accountExistsMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from './account-mails.js';
import { enqueueMail, forgetMailsOf, storefrontLink } from '../mail/index.js';
import { accountTokens, refreshTokens, userIdentities, users } from './accounts.tables.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  type AuthenticatedUser,
  notAuthorized,
  requireRegisteredUser,
} from '../../auth/authenticated-user.js';
import { customerAccount, localeOfUser, type StaffAccount } from './users.service.js';
import {
  hashToken,
  randomToken,
  type SessionSubject,
  type SessionTokens,
} from './session-tokens.js';

const HOUR_MS = 60 * 60 * 1000;
const VERIFY_TOKEN_TTL_MS = 24 * HOUR_MS;
const RESET_TOKEN_TTL_MS = HOUR_MS;
const SOCIAL_HANDOFF_TTL_MS = 10 * 60 * 1000;
/** A new verification or reset mail is sent at most this often per account, against mail bombing. */
const MAIL_RESEND_INTERVAL_MS = 2 * 60 * 1000;

type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];
type UserRow = typeof users.$inferSelect;
type Executor = Database | Transaction;

export interface AccountsServiceDeps {
  db: Database;
  tokens: SessionTokens;
  publicUrl: string;
  /** Called after a transaction that queued mail has committed, so it goes out at once. */
  mailQueued: () => void;
  /**
   * Called after an account deletion has committed with the ids of the mails it removed, so
   * their written copies go too (the development mailbox). Never rejects.
   */
  mailsForgotten: (mailIds: string[]) => Promise<void>;
  /**
   * Erases what other modules keep about the user (order addresses, the enquiries sent from
   * their address), inside the deletion's transaction, so an account is either wholly erased or
   * not at all. Resolves to the ids of the mails it removed with them.
   */
  eraseCustomerData: (
    tx: Transaction,
    customer: { id: string; email: string; person: PersonalStrings },
  ) => Promise<string[]>;
}

/** The strings of an account that name its holder, with those of its saved addresses. */
function personalStringsOf(
  account: Pick<typeof users.$inferSelect, 'name' | 'email' | 'phone' | 'address'> &
    Partial<Pick<typeof users.$inferSelect, 'shippingDetails' | 'billingAddress'>>,
): PersonalStrings {
  const saved = [account.shippingDetails, account.billingAddress].filter((details) => !!details);
  return {
    names: [account.name, ...saved.map((details) => details.name)],
    literals: [
      account.email ?? '',
      account.phone,
      account.address,
      ...saved.flatMap((details) => [details.email, details.phone, details.address]),
    ],
  };
}

export interface SocialProfile {
  provider: 'google' | 'apple';
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

function sessionSubject(user: UserRow): SessionSubject {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    provider: user.provider,
    currencyCode: user.currencyCode,
  };
}

/** A blocked account signs in nowhere, and is told why. */
function refuseBlocked(user: Pick<UserRow, 'blockedAt' | 'blockedReason'>): void {
  if (user.blockedAt)
    throw new ForbiddenError('errors.accounts.blocked', {
      values: { reason: user.blockedReason ?? '' },
    });
}

function toProfile(user: UserRow): Profile {
  return {
    _id: user.id,
    name: user.name,
    email: user.email ?? '',
    phone: user.phone,
    address: user.address,
    apartmentNumber: user.apartmentNumber,
    postalCode: user.postalCode,
    city: user.city,
    country: user.country,
    currencyCode: user.currencyCode,
    ISOCode: user.country ? (findCountry(user.country)?.alpha3 ?? '') : '',
    provider: user.provider,
    shippingDetails: user.shippingDetails ?? null,
    billingAddress: user.billingAddress ?? null,
  };
}

/**
 * The account rules: sign-up, verification, login, profile, passwords, deletion and social
 * sign-in. Mails are queued in the same transaction as the change they report.
 */
export class AccountsService {
  private readonly db: Database;
  private readonly root: string;

  constructor(private readonly deps: AccountsServiceDeps) {
    this.db = deps.db;
    this.root = deps.publicUrl.replace(/\/+$/, '');
  }

  /**
   * Creates an unverified local account and mails its verification link. An address that
   * already has an account gets a mail saying so instead, and the answer is the same, so
   * sign-up cannot be used to find out who is a customer. The account's mails are in the
   * language it was made in.
   */
  async signUp(input: {
    name: string;
    email: string;
    password: string;
    locale: Locale;
  }): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      const { locale, ...account } = input;
      const [created] = await tx
        .insert(users)
        .values({ ...account, passwordHash, provider: 'local', locale })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (created) {
        await this.queueVerification(tx, created);
        return;
      }
      // Repeats are bounded by the per-address rate limit of the sign-up route.
      const existing = await this.findByEmail(input.email, tx);
      if (!existing) return;
      const verifyLink =
        existing.emailVerifiedAt === null ? await this.verificationLink(tx, existing) : undefined;
      await enqueueMail(
        tx,
        accountExistsMail({
          locale: existing.locale,
          to: input.email,
          name: existing.name,
          publicUrl: this.root,
          verifyLink,
        }),
        { userId: existing.id },
      );
    });
    this.deps.mailQueued();
  }

  /** Marks the account verified; harmless for an account that already is (API-25). */
  async verifyEmail(userId: string, token: string): Promise<MessageResponse> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new InvalidError('errors.accounts.verificationInvalid');
      if (user.emailVerifiedAt) return { message: messages.alreadyVerified };
      const used = await this.useToken(tx, token, 'verify-email', userId);
      if (!used) throw new InvalidError('errors.accounts.verificationInvalid');
      await tx
        .update(users)
        .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId));
      return { message: messages.verified };
    });
  }

  /**
   * Local login. Unknown address, no password and wrong password all answer the same 401; an
   * unverified account with the right password gets a 403 and a fresh verification mail, unless
   * one went out within the resend interval, which the 403's message then says.
   */
  async login(email: string, password: string): Promise<SessionUser> {
    const user = await this.findByEmail(email);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user)
      throw new UnauthenticatedError('errors.accounts.invalidCredentials');
    // Only after the right password, so the answer tells a stranger nothing.
    refuseBlocked(user);
    if (!user.emailVerifiedAt) {
      // The answer says whether a new link went out or the recent one still stands.
      const sent = await this.db.transaction(async (tx) => {
        if (await this.mailedRecently(tx, user.id, 'verify-email')) return false;
        await this.queueVerification(tx, user);
        return true;
      });
      if (!sent) throw new ForbiddenError(messages.emailNotVerifiedLinkRecent);
      this.deps.mailQueued();
      throw new ForbiddenError(messages.emailNotVerified);
    }
    return this.deps.tokens.issueSession(sessionSubject(user));
  }

  /**
   * A blocked customer's tokens were revoked when the block was set; the refusal still names
   * the reason, so the storefront can tell them why they were signed out.
   */
  async refresh(refreshToken: string): Promise<SessionUser> {
    const session = await this.deps.tokens.rotate(refreshToken, async (tx, userId) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      return user && !user.blockedAt ? sessionSubject(user) : undefined;
    });
    if (session) return session;
    const [holder] = await this.db
      .select({ blockedAt: users.blockedAt, blockedReason: users.blockedReason })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    if (holder) refuseBlocked(holder);
    throw notAuthorized();
  }

  async logout(userId: string, refreshToken: string | undefined): Promise<MessageResponse> {
    if (refreshToken) await this.deps.tokens.revoke(userId, refreshToken);
    else await this.deps.tokens.revokeAll(userId);
    return { message: messages.loggedOut };
  }

  /**
   * A back-office session, once the staff member has passed the second factor (the staff
   * module checks it): marked so, which the back office's guards require. In the caller's
   * transaction, so the challenge is spent only when the session is made.
   */
  async openSecondFactorSession(staff: StaffAccount, tx: Transaction): Promise<AdminSession> {
    const [user] = await tx.select().from(users).where(eq(users.id, staff.id));
    if (!user) throw notAuthorized();
    const session = await this.deps.tokens.issueSession(sessionSubject(user), tx, {
      secondFactor: true,
    });
    return { ...session, role: staff.role, locale: user.locale };
  }

  /**
   * Rotates a back-office session. A storefront session (even the owner's) or an account that
   * has lost its staff role is refused, and its token stays as it was.
   */
  async refreshSecondFactorSession(refreshToken: string): Promise<AdminSession> {
    let staff: { role: StaffRole; locale: Locale } | undefined;
    const session = await this.deps.tokens.rotate(refreshToken, async (tx, userId, stored) => {
      if (!stored.secondFactor) return undefined;
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user || !isStaffRole(user.role)) return undefined;
      staff = { role: user.role, locale: user.locale };
      return sessionSubject(user);
    });
    if (!session || !staff) throw notAuthorized();
    return { ...session, ...staff };
  }

  /** A guest: a user without address or password that can keep a session (SESSION-04). */
  async createGuest(locale: Locale): Promise<SessionUser> {
    const [guest] = await this.db
      .insert(users)
      .values({ name: 'Guest', provider: 'guest', locale })
      .returning();
    if (!guest) throw new Error('guest insert returned no row');
    return this.deps.tokens.issueSession(sessionSubject(guest));
  }

  async profile(userId: string): Promise<Profile> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw notAuthorized();
    return toProfile(user);
  }

  /**
   * The edit modal. Only the listed fields change; a password change needs the previous
   * password, signs the user out everywhere and is confirmed by mail.
   */
  async updateProfile(
    actor: AuthenticatedUser,
    targetId: string,
    input: ProfileUpdateRequest & { name: string },
  ): Promise<Profile> {
    if (actor.id !== targetId) throw new ForbiddenError('errors.accounts.otherUser');
    requireRegisteredUser(actor);
    const country = this.resolveCountry(input);
    const [current] = await this.db.select().from(users).where(eq(users.id, actor.id));
    if (!current) throw notAuthorized();
    // A new name follows the sign-up rule; an older account keeps the name it has.
    const nameProblem = profileNameProblem(input.name, current.name);
    if (nameProblem)
      throw new InvalidError(
        nameProblem === nameRequiredMessage
          ? 'errors.accounts.nameRequired'
          : 'errors.accounts.invalidFullName',
      );
    const newPasswordHash = input.updatePassword
      ? await this.checkPasswordChange(current, input)
      : undefined;
    const address = {
      address: input.address ?? '',
      apartmentNumber: input.apartmentNumber ?? '',
      postalCode: input.postalCode ?? '',
      city: input.city ?? '',
      country: country?.alpha2 ?? '',
    };
    // 'Use my Address Details' fills the address the shopper gave last: the shipping step's
    // saved one, else the account's. A new account address is newer than any saved before it.
    const addressChanged = (Object.keys(address) as (keyof typeof address)[]).some(
      (field) => address[field] !== current[field],
    );
    const updated = await this.db.transaction(async (tx) => {
      const now = new Date();
      const [row] = await tx
        .update(users)
        .set({
          name: input.name,
          phone: input.phone ?? '',
          ...address,
          currencyCode: country?.currencyCode ?? current.currencyCode,
          updatedAt: now,
          ...(addressChanged && { shippingDetails: null, billingAddress: null }),
          ...(input.locale && { locale: input.locale }),
          ...(newPasswordHash && { passwordHash: newPasswordHash }),
        })
        .where(eq(users.id, actor.id))
        .returning();
      if (!row) throw notAuthorized();
      if (newPasswordHash) await this.passwordChanged(tx, row);
      return row;
    });
    if (newPasswordHash) this.deps.mailQueued();
    return toProfile(updated);
  }

  /** Always the same answer, known address or not (no account enumeration). */
  async forgotPassword(rawEmail: string): Promise<MessageResponse> {
    if (!standardEmailPattern.test(rawEmail.trim()))
      throw new InvalidError('errors.accounts.forgotEmailInvalid');
    const user = await this.findByEmail(normalizeEmail(rawEmail));
    if (user?.email) {
      const email = user.email;
      await this.db.transaction(async (tx) => {
        if (await this.mailedRecently(tx, user.id, 'reset-password')) return;
        // Only the newest link works: asking again retires the older ones.
        await tx
          .update(accountTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(accountTokens.userId, user.id),
              eq(accountTokens.purpose, 'reset-password'),
              isNull(accountTokens.usedAt),
            ),
          );
        const token = await this.createToken(tx, user.id, 'reset-password', RESET_TOKEN_TTL_MS);
        await enqueueMail(
          tx,
          passwordResetMail({
            locale: user.locale,
            to: email,
            name: user.name,
            publicUrl: this.root,
            token,
          }),
          { userId: user.id },
        );
      });
      this.deps.mailQueued();
    }
    return { message: messages.forgotPasswordSent };
  }

  /** Sets a new password from a mailed link; the link also proves the address. */
  async resetPassword(token: string, password: string): Promise<MessageResponse> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const userId = await this.useToken(tx, token, 'reset-password');
      if (!userId) throw new InvalidError('errors.accounts.resetInvalid');
      const now = new Date();
      const [user] = await tx
        .update(users)
        .set({
          passwordHash,
          updatedAt: now,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        })
        .where(eq(users.id, userId))
        .returning();
      if (!user) throw new InvalidError('errors.accounts.resetInvalid');
      await this.passwordChanged(tx, user);
    });
    this.deps.mailQueued();
    return { message: accountTexts.passwordUpdated };
  }

  /**
   * Erases the account: the user row and with it tokens, linked sign-ins and the wishlist, and
   * every mail about the customer, queued or sent. The confirmation mail is the last thing the
   * address is used for; it belongs to no account, and its sent record (no body) shows the
   * erasure was confirmed.
   */
  async deleteAccount(actor: AuthenticatedUser, typedEmail: string): Promise<MessageResponse> {
    if (actor.provider === 'guest' || !actor.email)
      throw new ForbiddenError('errors.accounts.guestNotAllowed');
    if (normalizeEmail(typedEmail) !== actor.email)
      throw new InvalidError('errors.accounts.deleteEmailMismatch');
    await this.erase({ id: actor.id, email: actor.email, name: actor.name });
    return { message: messages.accountDeleted };
  }

  /**
   * The owner deletes a customer's account from the back office, as the customer can: the
   * same erasure, with an audit row that names the account by its id alone, since the address
   * is personal data the erasure must not leave behind.
   */
  async deleteCustomer(userId: string, actor: Actor): Promise<void> {
    const customer = await customerAccount(this.db, userId);
    if (!customer?.email) throw new NotFoundError('errors.customers.notFound');
    await this.erase({ id: customer.id, email: customer.email, name: customer.name }, (tx) =>
      recordAudit(tx, { actor, action: 'delete', entity: 'customer', entityId: customer.id }),
    );
  }

  /** A new verification link for a customer whose address is not verified yet (staff ask). */
  async resendVerification(userId: string): Promise<MessageResponse> {
    const customer = await customerAccount(this.db, userId);
    if (!customer) throw new NotFoundError('errors.customers.notFound');
    if (!customer.email) throw new ConflictError('errors.customers.noAddressToVerify');
    if (customer.emailVerifiedAt) throw new ConflictError('errors.customers.alreadyVerified');
    await this.db.transaction((tx) => this.queueVerification(tx, customer));
    this.deps.mailQueued();
    return { message: adminCustomerMessages.verificationSent };
  }

  private async erase(
    user: { id: string; email: string; name: string },
    alsoInTransaction?: (tx: Transaction) => Promise<void>,
  ): Promise<void> {
    const forgottenMails = await this.db.transaction(async (tx) => {
      const locale = await localeOfUser(tx, user.id);
      const mailIds = await forgetMailsOf(tx, user.id);
      // The last mail to the address; once it has gone, the outbox forgets whom it went to.
      await enqueueMail(tx, accountDeletedMail({ locale, to: user.email, name: user.name }), {
        forgetRecipient: true,
      });
      const [account] = await tx.select().from(users).where(eq(users.id, user.id));
      const erasedMailIds = await this.deps.eraseCustomerData(tx, {
        id: user.id,
        email: user.email,
        person: personalStringsOf(account ?? { ...user, phone: '', address: '' }),
      });
      await alsoInTransaction?.(tx);
      await tx.delete(users).where(eq(users.id, user.id));
      return [...mailIds, ...erasedMailIds];
    });
    this.deps.mailQueued();
    await this.deps.mailsForgotten(forgottenMails);
  }

  /**
   * Google or Apple sign-in. A known identity signs in its user. Otherwise a verified address
   * links to the account that holds it; an unverified local account of that address loses its
   * password, since whoever set it never proved the address (account pre-hijacking). A new
   * address gets a new, verified account.
   */
  async signInWithIdentity(identity: SocialProfile, locale: Locale): Promise<SessionUser> {
    const user = await this.db.transaction(async (tx) => {
      const [linked] = await tx
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(
          and(
            eq(userIdentities.provider, identity.provider),
            eq(userIdentities.subject, identity.subject),
          ),
        );
      if (linked) {
        refuseBlocked(linked.user);
        return linked.user;
      }
      if (!identity.email || !identity.emailVerified)
        throw new InvalidError('errors.accounts.socialEmailUnverified', {
          values: { provider: identity.provider },
        });
      const email = normalizeEmail(identity.email);
      const existing = await this.findByEmail(email, tx);
      let account: UserRow;
      if (existing) {
        refuseBlocked(existing);
        const [row] = await tx
          .update(users)
          .set({
            emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
            passwordHash: existing.emailVerifiedAt ? existing.passwordHash : null,
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id))
          .returning();
        if (!row) throw new Error('linked account vanished');
        account = row;
      } else {
        const [row] = await tx
          .insert(users)
          .values({
            email,
            name: identity.name?.trim().slice(0, 100) || email.split('@')[0] || 'Customer',
            provider: identity.provider,
            emailVerifiedAt: new Date(),
            locale,
          })
          .returning();
        if (!row) throw new Error('social sign-up returned no row');
        account = row;
      }
      await tx
        .insert(userIdentities)
        .values({ provider: identity.provider, subject: identity.subject, userId: account.id });
      return account;
    });
    return this.deps.tokens.issueSession(sessionSubject(user));
  }

  /**
   * After a social sign-in the browser gets this one-time token in a cookie; `GET
   * /api/google-user` trades it for a session once.
   */
  async createSocialHandoff(userId: string): Promise<string> {
    return this.createToken(this.db, userId, 'social-session', SOCIAL_HANDOFF_TTL_MS);
  }

  async redeemSocialHandoff(token: string): Promise<SessionUser | undefined> {
    const user = await this.db.transaction(async (tx) => {
      const userId = await this.useToken(tx, token, 'social-session');
      if (!userId) return undefined;
      const [row] = await tx.select().from(users).where(eq(users.id, userId));
      return row;
    });
    return user && !user.blockedAt
      ? this.deps.tokens.issueSession(sessionSubject(user))
      : undefined;
  }

  private async findByEmail(email: string, tx: Executor = this.db): Promise<UserRow | undefined> {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, email), ne(users.provider, 'guest')));
    return user;
  }

  private resolveCountry(input: ProfileUpdateRequest) {
    const code = input.country || input.countryDetails?.ISOCode || '';
    if (!code) return undefined;
    const country = findCountry(code);
    if (!country) throw new InvalidError('errors.accounts.chooseCountry');
    return country;
  }

  private async checkPasswordChange(user: UserRow, input: ProfileUpdateRequest): Promise<string> {
    if (!user.passwordHash) throw new InvalidError('errors.accounts.noPasswordToChange');
    if (!(await verifyPassword(user.passwordHash, input.previousPassword ?? '')))
      throw new InvalidError(messages.oldPasswordMismatch);
    const next = input.newPassword ?? '';
    if (next !== (input.newPassword1 ?? '')) throw new InvalidError(messages.newPasswordsMismatch);
    if (!isStrongPassword(next)) throw new InvalidError('errors.accounts.weakPassword');
    return hashPassword(next);
  }

  private async passwordChanged(tx: Transaction, user: UserRow): Promise<void> {
    await this.deps.tokens.revokeAll(user.id, tx);
    if (user.email)
      await enqueueMail(
        tx,
        passwordChangedMail({
          locale: user.locale,
          to: user.email,
          name: user.name,
          publicUrl: this.root,
        }),
        { userId: user.id },
      );
  }

  private async queueVerification(tx: Transaction, user: UserRow): Promise<void> {
    if (!user.email) return;
    const token = await this.createToken(tx, user.id, 'verify-email', VERIFY_TOKEN_TTL_MS);
    await enqueueMail(
      tx,
      verificationMail({
        locale: user.locale,
        to: user.email,
        name: user.name,
        publicUrl: this.root,
        userId: user.id,
        token,
      }),
      { userId: user.id },
    );
  }

  private async verificationLink(
    tx: Transaction,
    user: { id: string; locale: Locale },
  ): Promise<string> {
    const token = await this.createToken(tx, user.id, 'verify-email', VERIFY_TOKEN_TTL_MS);
    return storefrontLink(this.root, user.locale, `/verify/${user.id}/${token}`);
  }

  private async mailedRecently(tx: Executor, userId: string, purpose: TokenPurpose) {
    const [latest] = await tx
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
      .orderBy(desc(accountTokens.createdAt))
      .limit(1);
    return (
      latest !== undefined && Date.now() - latest.createdAt.getTime() < MAIL_RESEND_INTERVAL_MS
    );
  }

  private async createToken(
    tx: Executor,
    userId: string,
    purpose: TokenPurpose,
    ttlMs: number,
  ): Promise<string> {
    const token = randomToken();
    await tx.insert(accountTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return token;
  }

  /** Spends a single-use token; the user id it belonged to, or undefined when it is not valid. */
  private async useToken(
    tx: Transaction,
    token: string,
    purpose: TokenPurpose,
    userId?: string,
  ): Promise<string | undefined> {
    const [used] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.tokenHash, hashToken(token)),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, new Date()),
          userId ? eq(accountTokens.userId, userId) : undefined,
        ),
      )
      .returning({ userId: accountTokens.userId });
    return used?.userId;
  }
}
