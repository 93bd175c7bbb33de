import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Env } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import type { MailAttachment } from './mail.service.js';
import { mailOutbox, type StoredMailAttachment } from './mail.tables.js';

/** An outbox row as the worker hands it to a transport. */
export interface QueuedMail {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer goes; null only for a mail queued before reply paths were kept. */
  replyTo: string | null;
  /** The files it carries (an order confirmation's receipt); none when not given. */
  attachments?: MailAttachment[];
}

/** Delivers one mail or throws; the worker owns retries. Tests inject their own. */
export interface MailTransport {
  send(mail: QueuedMail): Promise<void>;
  /** Removes the copies it keeps of these mails; a transport that keeps none has no discard. */
  discard?(ids: readonly string[]): Promise<void>;
}

export interface MailLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailWorker {
  /** Polls the outbox every 2 seconds until stop(). */
  start(): void;
  /** Asks for a run soon, e.g. right after a transaction that enqueued a mail committed. */
  wake(): void;
  /** Sends every due mail once; resolves to how many were sent. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for a run in progress, so the database can be closed after. */
  stop(): Promise<void>;
  /** Removes what the transport kept of mails deleted from the outbox (`forgetMailsOf`). */
  discard(ids: readonly string[]): Promise<void>;
}

type MailEnv = Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>;

export const maxMailAttempts = 8;
const pollIntervalMs = 2_000;
const batchSize = 20;
/**
 * A claimed mail is hidden from other workers for `seconds`. The worker renews the lease of the
 * mails it still holds every `renewEveryMs` while it sends (SMTP may take minutes), so the
 * lease can be short: a process that dies while sending leaves its mails to another one, or to
 * itself after a restart, within half a minute.
 */
export interface ClaimLease {
  seconds: number;
  renewEveryMs: number;
}
const defaultLease: ClaimLease = { seconds: 30, renewEveryMs: 10_000 };

/** The wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min... at most 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 60 * 60);
}

/** The `${dataDir}/mail` folder where mails go when no SMTP server is configured. */
export const mailDir = (dataDir: string) => path.join(dataDir, 'mail');

/**
 * Where a mail is written before it is moved into `mailDir` whole: beside it, on the same disk
 * (so the move is one rename), and outside it, so nothing that lists the mailbox (the
 * development mailbox, a test waiting for a mail) ever meets a half-written one.
 */
const mailBeingWrittenDir = (dataDir: string) => path.join(dataDir, 'mail-being-written');

const message = (env: MailEnv, mail: QueuedMail) => ({
  from: env.MAIL_FROM,
  to: mail.recipient,
  ...(mail.replyTo !== null && { replyTo: mail.replyTo }),
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  ...(mail.attachments &&
    mail.attachments.length > 0 && {
      attachments: mail.attachments.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        content,
      })),
    }),
});

/** The outbox's base64 back into the files' bytes. */
const attachmentsOf = (stored: StoredMailAttachment[] | null): MailAttachment[] =>
  (stored ?? []).map(({ filename, contentType, content }) => ({
    filename,
    contentType,
    content: Buffer.from(content, 'base64'),
  }));

/**
 * What a mail keeps once it is sent or given up: who got what and when, no longer how to
 * write back nor its links, and not even whom for a mail that must forget its recipient.
 */
const afterSending = {
  text: null,
  html: null,
  attachments: null,
  replyTo: null,
  recipient: sql<string>`case when ${mailOutbox.forgetRecipient} then '' else ${mailOutbox.recipient} end`,
};

/** SMTP from SMTP_URL, otherwise `.eml` files under `${dataDir}/mail` for the development mailbox. */
export function createMailTransport(env: MailEnv): MailTransport {
  if (env.SMTP_URL) {
    const smtp = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      send: async (mail) => {
        await smtp.sendMail(message(env, mail));
      },
    };
  }
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  const folder = mailDir(env.dataDir);
  const writing = mailBeingWrittenDir(env.dataDir);
  return {
    // The development mailbox is the shop's own disk, so a deleted account's mails leave it too,
    // also one a crash left half-written.
    discard: async (ids) => {
      if (ids.length === 0) return;
      const suffixes = ids.map((id) => `-${id}.eml`);
      for (const dir of [folder, writing]) {
        let files: string[];
        try {
          files = await fs.readdir(dir);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        const doomed = files.filter((file) => suffixes.some((suffix) => file.endsWith(suffix)));
        await Promise.all(doomed.map((file) => fs.rm(path.join(dir, file), { force: true })));
      }
    },
    send: async (mail) => {
      const info = await composer.sendMail(message(env, mail));
      await Promise.all([
        fs.mkdir(folder, { recursive: true }),
        fs.mkdir(writing, { recursive: true }),
      ]);
      // The time first, so file names sort by when the mail was sent.
      const stamp = new Date().toISOString().replaceAll(':', '-');
      const name = `${stamp}-${mail.kind.replace(/[^\w-]/g, '_')}-${mail.id}.eml`;
      const partial = path.join(writing, name);
      await fs.writeFile(partial, info.message);
      await fs.rename(partial, path.join(folder, name));
    },
  };
}

export function createMailWorker({
  db,
  env,
  log,
  transport = createMailTransport(env),
  lease = defaultLease,
}: {
  db: Database;
  env: MailEnv;
  log: MailLogger;
  transport?: MailTransport;
  lease?: ClaimLease;
}): MailWorker {
  const leaseEnd = () => sql`now() + make_interval(secs => ${lease.seconds})`;

  /** Tags this worker's claims, so it renews only the leases it still holds. */
  const workerId = randomUUID();

  /**
   * Takes a batch of due mails and moves their next attempt past the lease in one short
   * transaction. SKIP LOCKED lets several server processes claim at once without waiting on or
   * taking each other's rows, and the lease keeps them from taking a mail while it is sent.
   * The sending itself happens outside the transaction, which must not wait on a mail server.
   */
  async function claim(): Promise<(QueuedMail & { attempts: number })[]> {
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: mailOutbox.id,
          kind: mailOutbox.kind,
          recipient: mailOutbox.recipient,
          subject: mailOutbox.subject,
          // A pending mail always has its body (mail_outbox_body_check).
          text: sql<string>`${mailOutbox.text}`,
          html: sql<string>`${mailOutbox.html}`,
          replyTo: mailOutbox.replyTo,
          attachments: mailOutbox.attachments,
          attempts: mailOutbox.attempts,
        })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length > 0) {
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: leaseEnd(), claimedBy: workerId })
          .where(
            inArray(
              mailOutbox.id,
              due.map((mail) => mail.id),
            ),
          );
      }
      return due;
    });
    return claimed.map(({ attachments, ...mail }) => ({
      ...mail,
      attachments: attachmentsOf(attachments),
    }));
  }

  async function deliver(mail: QueuedMail & { attempts: number }): Promise<boolean> {
    try {
      await transport.send(mail);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const failed = attempts >= maxMailAttempts;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: reason,
          claimedBy: null,
          status: failed ? 'failed' : 'pending',
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
          // A mail given up is never sent: its links must not stay behind either.
          ...(failed && afterSending),
        })
        .where(eq(mailOutbox.id, mail.id));
      // The id and kind identify the mail; its address and content (tokens) stay out of logs.
      (failed ? log.error : log.warn).call(
        log,
        { mailId: mail.id, kind: mail.kind, attempts, reason },
        failed ? 'mail failed for good' : 'mail failed, will retry',
      );
      return false;
    }
    await db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        attempts: mail.attempts + 1,
        lastError: null,
        claimedBy: null,
        // The recipient has the mail now; the shop keeps who got what and when, not its links.
        ...afterSending,
      })
      .where(eq(mailOutbox.id, mail.id));
    log.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
    return true;
  }

  /** Pushes the lease of the mails this worker still holds and has not finished. */
  async function renew(ids: ReadonlySet<string>): Promise<void> {
    if (ids.size === 0) return;
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: leaseEnd() })
      .where(
        and(
          inArray(mailOutbox.id, [...ids]),
          eq(mailOutbox.status, 'pending'),
          eq(mailOutbox.claimedBy, workerId),
        ),
      );
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return sent;
      const held = new Set(batch.map((mail) => mail.id));
      const renewal = setInterval(() => {
        renew(held).catch((err: unknown) => log.error({ err }, 'renewing mail claims failed'));
      }, lease.renewEveryMs);
      try {
        for (const mail of batch) {
          if (await deliver(mail)) sent += 1;
          held.delete(mail.id);
        }
      } finally {
        clearInterval(renewal);
      }
    }
  }

  const inFlight = new Set<Promise<unknown>>();
  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  }

  let stopped = false;
  let interval: NodeJS.Timeout | undefined;
  let scheduled: NodeJS.Immediate | undefined;
  let running = false;
  let again = false;

  async function loop(): Promise<void> {
    running = true;
    try {
      do {
        again = false;
        try {
          await track(sendDue());
        } catch (err) {
          log.error({ err }, 'mail worker run failed');
        }
      } while (again && !stopped);
    } finally {
      running = false;
    }
  }

  function wake(): void {
    if (stopped) return;
    // A run in progress may already have passed the new mail: it runs once more when done.
    if (running) {
      again = true;
      return;
    }
    scheduled ??= setImmediate(() => {
      scheduled = undefined;
      void loop();
    });
  }

  return {
    start() {
      if (stopped || interval) return;
      interval = setInterval(wake, pollIntervalMs);
      interval.unref();
      wake();
    },
    wake,
    runOnce: () => track(sendDue()),
    discard: async (ids) => {
      await transport.discard?.(ids);
    },
    async stop() {
      stopped = true;
      clearInterval(interval);
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
      await Promise.allSettled([...inFlight]);
    },
  };
}
