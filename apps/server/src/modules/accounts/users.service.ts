import {
  and,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  isStaffRole,
  shopLocale,
  staffRoles,
  type Locale,
  type SavedAddress,
  type StaffRole,
  type UserRole,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { notAuthorized } from '../../auth/authenticated-user.js';
import { ConflictError, UnauthenticatedError } from '../../domain-errors.js';
import { refreshTokens, userIdentities, users } from './accounts.tables.js';
import { hashPassword, verifyPassword } from './passwords.js';

/**
 * What other modules may know of and do with the shop's users. The `users` table stays the
 * accounts module's own; everyone else goes through these functions.
 */

type Executor = Database | Transaction;

/** Where to mail a user about an order; none for a guest or a deleted account. */
export async function contactOf(
  db: Executor,
  userId: string,
): Promise<{ email: string; name: string } | undefined> {
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return user?.email ? { email: user.email, name: user.name } : undefined;
}

/**
 * A condition on another module's user id column: the user's name or e-mail address matches
 * the ILIKE `pattern`, so a back-office search by customer needs no read of the users table.
 */
export function userMatches(userId: AnyPgColumn, pattern: string): SQL {
  return sql`${userId} in (select ${users.id} from ${users}
    where ${users.email} ilike ${pattern} or ${users.name} ilike ${pattern})`;
}

/** The names of the given users, for showing who wrote something. */
export async function userNames(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The names and e-mail addresses (empty for a guest) of the given users. */
export async function userContacts(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email ?? '' }]));
}

export interface SavedAddresses {
  shippingDetails: SavedAddress;
  billingAddress: SavedAddress;
}

/** The shipping step's addresses as the user last saved them; none for an unknown user. */
export async function savedAddressesOf(
  db: Executor,
  userId: string,
): Promise<
  { shippingDetails: SavedAddress | null; billingAddress: SavedAddress | null } | undefined
> {
  const [user] = await db
    .select({ shippingDetails: users.shippingDetails, billingAddress: users.billingAddress })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** Keeps already checked addresses on the user; a user deleted meanwhile is signed out. */
export async function saveUserAddresses(
  db: Executor,
  userId: string,
  addresses: SavedAddresses,
): Promise<void> {
  const updated = await db
    .update(users)
    .set({ ...addresses, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw notAuthorized();
}

/** The account of an address that could become the shop owner's: any but a guest's. */
export async function findAccountForOwner(
  db: Executor,
  email: string,
): Promise<{ id: string; role: UserRole; verified: boolean } | undefined> {
  const [account] = await db
    .select({ id: users.id, role: users.role, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.email, email), ne(users.provider, 'guest')));
  return (
    account && { id: account.id, role: account.role, verified: account.emailVerifiedAt !== null }
  );
}

export async function grantOwnerRole(db: Executor, userId: string): Promise<void> {
  await db.update(users).set({ role: 'owner', updatedAt: new Date() }).where(eq(users.id, userId));
}

/** A new local owner account, its address taken as verified: the owner typed it in person. */
export async function createOwnerAccount(
  db: Executor,
  input: { email: string; name: string; password: string },
): Promise<string> {
  return insertLocalAccount(db, { ...input, role: 'owner' });
}

async function insertLocalAccount(
  db: Executor,
  input: { email: string; name: string; password: string; role: StaffRole },
): Promise<string> {
  const [created] = await db
    .insert(users)
    .values({
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(input.password),
      provider: 'local',
      role: input.role,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!created) throw new Error('user insert returned no row');
  return created.id;
}

/** A member of the shop's staff, as the back office names them. */
export interface StaffAccount {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

function staffAccountOf(row: {
  id: string;
  name: string;
  email: string | null;
  role: UserRole;
}): StaffAccount | undefined {
  return isStaffRole(row.role) && row.email !== null
    ? { id: row.id, name: row.name, email: row.email, role: row.role }
    : undefined;
}

const staffColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

/**
 * The staff member whose address and password these are; undefined for a wrong address or
 * password and for a customer, after the same password work, so the answer tells nothing.
 */
export async function staffByCredentials(
  db: Executor,
  email: string,
  password: string,
): Promise<StaffAccount | undefined> {
  const [row] = await db
    .select({ ...staffColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  if (!(await verifyPassword(row?.passwordHash, password)) || !row) return undefined;
  return staffAccountOf(row);
}

/** The staff member of this id; undefined for anyone else. */
export async function staffAccount(
  db: Executor,
  userId: string,
): Promise<StaffAccount | undefined> {
  const [row] = await db.select(staffColumns).from(users).where(eq(users.id, userId));
  return row && staffAccountOf(row);
}

/** The staff member with this address; undefined for anyone else. */
export async function staffAccountWithEmail(
  db: Executor,
  email: string,
): Promise<StaffAccount | undefined> {
  const [row] = await db.select(staffColumns).from(users).where(eq(users.email, email));
  return row && staffAccountOf(row);
}

/** Everyone with a back-office role: owners first, then by name. */
export async function staffAccounts(db: Executor): Promise<StaffAccount[]> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(inArray(users.role, [...staffRoles]))
    .orderBy(users.role, users.name, users.email);
  return rows.flatMap((row) => staffAccountOf(row) ?? []);
}

/** Whether an address has an account an invitation would join to the staff (any but a guest's). */
export async function hasAccount(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.provider, 'guest')));
  return row !== undefined;
}

/**
 * Gives the invited address a staff role: its account when it has one (proved with that
 * account's password, so an invitation alone never takes over an account), else a new local
 * account, its address verified by the invitation link itself.
 */
export async function joinStaff(
  tx: Transaction,
  input: { email: string; role: StaffRole } & (
    | { existingAccount: true; password: string }
    | { existingAccount: false; name: string; password: string }
  ),
): Promise<StaffAccount> {
  const [row] = await tx
    .select({ ...staffColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, input.email), ne(users.provider, 'guest')))
    .for('update');
  if (!input.existingAccount) {
    if (row) throw new ConflictError('errors.staff.existingAccountPassword', { field: 'password' });
    const id = await insertLocalAccount(tx, { ...input, role: input.role });
    return { id, name: input.name, email: input.email, role: input.role };
  }
  if (!row || !(await verifyPassword(row.passwordHash, input.password)))
    throw new UnauthenticatedError('errors.accounts.invalidCredentials');
  await tx
    .update(users)
    .set({ role: input.role, emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, row.id));
  return { id: row.id, name: row.name, email: input.email, role: input.role };
}

/** How many owners the shop has, with their rows locked until the transaction ends. */
export async function lockedOwnerCount(tx: Transaction): Promise<number> {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'owner'))
    .for('update');
  return owners.length;
}

export async function setStaffRole(
  tx: Transaction,
  userId: string,
  role: StaffRole,
): Promise<void> {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The language the account's mails and, for staff, their back office speak. */
export async function setUserLocale(db: Executor, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The language of the account with this address (a customer's or a staff member's mails),
 * undefined when the address has none.
 */
export async function localeOfAddress(db: Executor, email: string): Promise<Locale | undefined> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.provider, 'guest')))
    .limit(1);
  return row?.locale;
}

/** The language of this account's mails. */
export async function localeOfUser(db: Executor, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? shopLocale;
}

/**
 * Takes the staff role away: the account stays a customer account, and every back-office
 * session it has ends now rather than at the access token's expiry.
 */
export async function leaveStaff(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ role: 'customer', updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.secondFactor, true),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** What the orders module answers about users, so that accounts never read its tables. */
export interface CustomerOrders {
  /** A condition on a user id column: true while the user has an order or a payment under way. */
  hasOrders(userId: AnyPgColumn): SQL;
  /** Inside the removal's transaction: drops what orders keep about these users and no order needs. */
  forget(tx: Transaction, userIds: string[]): Promise<void>;
}

/** A customer's account: the customer role and an address, so never staff and never a guest. */
const isCustomer = and(eq(users.role, 'customer'), ne(users.provider, 'guest'));

/** Search words match as typed: wildcards in them are plain characters. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export type CustomerAccount = typeof users.$inferSelect;

/** One page of customer accounts for the back office, newest first. */
export async function listCustomerAccounts(
  db: Executor,
  query: { q: string; verified?: boolean; blocked?: boolean; page: number; pageSize: number },
): Promise<{ rows: CustomerAccount[]; total: number }> {
  const where = and(
    isCustomer,
    query.q
      ? or(ilike(users.name, containing(query.q)), ilike(users.email, containing(query.q)))
      : undefined,
    query.verified === undefined
      ? undefined
      : query.verified
        ? isNotNull(users.emailVerifiedAt)
        : isNull(users.emailVerifiedAt),
    query.blocked === undefined
      ? undefined
      : query.blocked
        ? isNotNull(users.blockedAt)
        : isNull(users.blockedAt),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The customer account of this id; undefined for staff, guests and unknown ids. */
export async function customerAccount(
  db: Executor,
  userId: string,
): Promise<CustomerAccount | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isCustomer));
  return row;
}

/** Google and Apple sign-ins linked to the account, by provider name. */
export async function linkedSignIns(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ provider: userIdentities.provider })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
  return rows.map((row) => row.provider);
}

/**
 * Blocks a customer (with the reason they are told) or lifts the block (`reason` null). A
 * block ends every session at once: refresh tokens are revoked, and with them the access
 * tokens, which `authenticate` checks against their session on every call.
 */
export async function setCustomerBlock(
  tx: Transaction,
  userId: string,
  reason: string | null,
): Promise<CustomerAccount | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      blockedAt: reason === null ? null : new Date(),
      blockedReason: reason,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), isCustomer))
    .returning();
  if (row && reason !== null)
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  return row;
}
