import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminEnquiry,
  type AdminEnquiryDetail,
  type adminEnquiryListQuerySchema,
  type AdminEnquiryPage,
  type CustomerExport,
  type EnquiryReply,
  type enquiryRequestSchema,
  type Locale,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { NotFoundError } from '../../domain-errors.js';
import { changedFields, recordAudit, type Actor } from '../audit/index.js';
import { enquiryMail, enquiryReplyMail } from './enquiry-mails.js';
import { enqueueMail } from '../mail/index.js';
import { cleaningEnquiryRecipient } from '../settings/index.js';
import { enquiries, enquiryReplies } from './enquiries.tables.js';

type Executor = Database | Transaction;

/** A validated enquiry (the schema has checked every field's rule). */
export type ValidEnquiry = z.output<typeof enquiryRequestSchema>;

/** One line: a name or an address never needs a line break, and a mail subject must not get one. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * Keeps the enquiry and queues its mail to the shop in one transaction, so an enquiry is never
 * stored without its mail or mailed without being stored. It goes to the address set on the
 * cleaning page, as stored at that moment. The caller wakes the mail worker.
 */
export async function createEnquiry(
  db: Database,
  input: ValidEnquiry,
  /** The enquirer's language: the shop reads which language to answer in. */
  locale: Locale,
): Promise<void> {
  const enquiry = {
    fullname: oneLine(input.fullname),
    email: input.email.trim(),
    phone: oneLine(input.phone),
    message: input.message.trim(),
  };
  await db.transaction(async (tx) => {
    const [stored] = await tx.insert(enquiries).values(enquiry).returning({ id: enquiries.id });
    if (!stored) throw new Error('enquiry insert returned no row');
    const to = await cleaningEnquiryRecipient(tx);
    await enqueueMail(tx, enquiryMail({ locale, to, ...enquiry }), {
      about: mailAbout(stored.id),
    });
  });
}

/** What an enquiry's mails are about, so they go with it (`forgetMailsAbout`). */
const mailAbout = (enquiryId: string) => `enquiry:${enquiryId}`;

type EnquiryRow = typeof enquiries.$inferSelect;
type AdminEnquiryListQuery = z.output<typeof adminEnquiryListQuerySchema>;

/** Search words match as typed: wildcards in them are plain characters. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Named in full: in a one-table select drizzle leaves columns unqualified. */
const replyCount = () =>
  sql<number>`(select count(*)::int from ${enquiryReplies} where ${enquiryReplies.enquiryId} = "enquiries"."id")`;

function toAdminEnquiry(row: EnquiryRow, replyCount: number): AdminEnquiry {
  return {
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    handledNote: row.handledNote,
    handledByEmail: row.handledByEmail,
    replyCount,
  };
}

/** The back office's inbox: newest first, by status and by part of the name or address. */
export async function listEnquiries(
  db: Database,
  query: AdminEnquiryListQuery,
): Promise<AdminEnquiryPage> {
  const where = and(
    query.status ? eq(enquiries.status, query.status) : undefined,
    query.q
      ? or(
          ilike(enquiries.fullname, containing(query.q)),
          ilike(enquiries.email, containing(query.q)),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ enquiry: enquiries, replyCount: replyCount() })
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(enquiries)
      .where(where),
  ]);
  return {
    enquiries: rows.map((row) => toAdminEnquiry(row.enquiry, row.replyCount)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function repliesOf(db: Executor, enquiryIds: string[]): Promise<Map<string, EnquiryReply[]>> {
  const byEnquiry = new Map<string, EnquiryReply[]>();
  if (enquiryIds.length === 0) return byEnquiry;
  const rows = await db
    .select()
    .from(enquiryReplies)
    .where(inArray(enquiryReplies.enquiryId, enquiryIds))
    .orderBy(asc(enquiryReplies.createdAt), asc(enquiryReplies.id));
  for (const row of rows)
    byEnquiry.set(row.enquiryId, [
      ...(byEnquiry.get(row.enquiryId) ?? []),
      {
        id: row.id,
        body: row.body,
        sentByEmail: row.sentByEmail,
        createdAt: row.createdAt.toISOString(),
      },
    ]);
  return byEnquiry;
}

/** One enquiry with its replies, oldest first. */
export async function getEnquiry(db: Executor, enquiryId: string): Promise<AdminEnquiryDetail> {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, enquiryId));
  if (!row) throw new NotFoundError('errors.enquiries.notFound');
  const replies = (await repliesOf(db, [row.id])).get(row.id) ?? [];
  return { ...toAdminEnquiry(row, replies.length), replies };
}

/**
 * Marks an enquiry handled with a note, or opens it again (new), which clears who handled it
 * and the note; the audit log keeps both.
 */
export async function setEnquiryHandled(
  db: Database,
  enquiryId: string,
  input: { handled: boolean; note: string },
  actor: Actor,
): Promise<AdminEnquiryDetail> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(enquiries)
      .where(eq(enquiries.id, enquiryId))
      .for('update');
    if (!before) throw new NotFoundError('errors.enquiries.notFound');
    const change = input.handled
      ? {
          status: 'handled' as const,
          handledAt: new Date(),
          handledNote: input.note,
          handledByEmail: actor.email ?? '',
        }
      : { status: 'new' as const, handledAt: null, handledNote: '', handledByEmail: null };
    await tx.update(enquiries).set(change).where(eq(enquiries.id, enquiryId));
    await recordAudit(tx, {
      actor,
      action: input.handled ? 'handle' : 'reopen',
      entity: 'enquiry',
      entityId: enquiryId,
      changes: changedFields(
        { status: before.status, handledNote: before.handledNote },
        { status: change.status, handledNote: change.handledNote },
      ),
    });
    return getEnquiry(tx, enquiryId);
  });
}

/**
 * Keeps the reply and queues its mail to the enquirer in one transaction, so a reply is never
 * recorded without its mail. The caller wakes the mail worker.
 */
export async function replyToEnquiry(
  db: Database,
  enquiryId: string,
  body: string,
  actor: Actor,
  /** The language the staff member writes in: the mail's frame matches their words. */
  locale: Locale,
): Promise<AdminEnquiryDetail> {
  return db.transaction(async (tx) => {
    const [enquiry] = await tx.select().from(enquiries).where(eq(enquiries.id, enquiryId));
    if (!enquiry) throw new NotFoundError('errors.enquiries.notFound');
    const [reply] = await tx
      .insert(enquiryReplies)
      .values({ enquiryId, body, sentByEmail: actor.email ?? '' })
      .returning({ id: enquiryReplies.id });
    if (!reply) throw new Error('reply insert returned no row');
    await enqueueMail(
      tx,
      enquiryReplyMail({
        locale,
        to: enquiry.email,
        fullname: enquiry.fullname,
        body,
        enquiryMessage: enquiry.message,
        replyTo: await cleaningEnquiryRecipient(tx),
      }),
      { about: mailAbout(enquiryId) },
    );
    await recordAudit(tx, {
      actor,
      action: 'reply',
      entity: 'enquiry',
      entityId: enquiryId,
      changes: { reply: { from: null, to: reply.id } },
    });
    return getEnquiry(tx, enquiryId);
  });
}

/**
 * Erases every enquiry sent from this address, with its replies, when the customer's account
 * is deleted: the same person as the export hands them out for. Answers what their mails are
 * about, for `forgetMailsAbout` in the same transaction.
 */
export async function forgetEnquiriesFrom(tx: Transaction, email: string): Promise<string[]> {
  const removed = await tx
    .delete(enquiries)
    .where(eq(sql`lower(${enquiries.email})`, email.toLowerCase()))
    .returning({ id: enquiries.id });
  return removed.map((enquiry) => mailAbout(enquiry.id));
}

/** Every enquiry sent from this address, with its replies (a customer's data export). */
export async function enquiriesFrom(
  db: Database,
  email: string,
): Promise<CustomerExport['enquiries']> {
  const rows = await db
    .select()
    .from(enquiries)
    .where(eq(sql`lower(${enquiries.email})`, email.toLowerCase()))
    .orderBy(desc(enquiries.createdAt));
  const replies = await repliesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    replies: replies.get(row.id) ?? [],
  }));
}
