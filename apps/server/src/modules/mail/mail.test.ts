import { watch } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopSettingDefaults } from '@shop/shared';
import { loadEnv, type Env } from '../../config/env.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { registerSecurity } from '../../plugins/security.js';
import { mailFiles as writtenMails, waitForMailFiles } from '../../test/mail-files.js';
import { openTestDatabase } from '../../test/test-app.js';
import { patiently, waitFor } from '../../test/wait-for.js';
import { parseEml } from './eml.js';
import * as accountMails from '../accounts/account-mails.js';
import * as enquiryMails from '../enquiries/enquiry-mails.js';
import * as orderMails from '../orders/order-mails.js';
import * as staffMails from '../staff/staff-mails.js';
import { devMailboxRoutes } from './mail.routes.js';
import { shopSettings } from '../settings/settings.tables.js';
import { users } from '../accounts/accounts.tables.js';
import { enqueueMail, forgetMailsOf, type MailDraft, type OutgoingMail } from './mail.service.js';
import { mailOutbox } from './mail.tables.js';
import {
  createMailWorker,
  maxMailAttempts,
  retryDelaySeconds,
  type MailLogger,
  type MailTransport,
  type QueuedMail,
} from './mail.worker.js';

/** Every mail the shop sends, whichever module writes it. */
const templates = { ...accountMails, ...enquiryMails, ...orderMails, ...staffMails };
const {
  accountDeletedMail,
  accountExistsMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} = accountMails;

const publicUrl = 'http://localhost:5000';
// As long as a real token (32 random bytes in base64url), so quoted-printable breaks the link line.
const token = 'q3Zt_8xKc-2VbN1mRw7YpLs0dF4hJ9aE6uTgC5iOkQe';
const userId = '6f1c2d7e-0000-4000-8000-000000000001';

let handle: DatabaseHandle;
let db: Database;
let drop: () => Promise<void>;
let dataDir: string;
let env: Env;
let logged: unknown[];

const log: MailLogger = {
  info: (details, message) => logged.push([details, message]),
  warn: (details, message) => logged.push([details, message]),
  error: (details, message) => logged.push([details, message]),
};

const makeEnv = (overrides: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...overrides });

const mailFolder = () => path.join(dataDir, 'mail');

/** The names of the mails written so far, oldest first. */
const mailFiles = async () => (await writtenMails(mailFolder())).map((mail) => mail.name);

const sample = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  kind: 'test-mail',
  to: 'kari@example.no',
  subject: 'A test mail',
  text: 'Hello Kari',
  html: '<p>Hello Kari</p>',
  ...overrides,
});

/** A pending mail, as written into the outbox directly. */
const pendingRow = () => ({
  kind: 'test-mail',
  recipient: 'kari@example.no',
  subject: 'A test mail',
  text: 'Hello Kari',
  html: '<p>Hello Kari</p>',
});

async function outbox() {
  return db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
}

/** Makes every pending mail due now, as if its backoff had passed. */
async function makeDue() {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mailOutbox.status, 'pending'));
}

async function secondsUntilNextAttempt(id: string): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())` })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return Number(row?.seconds);
}

beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
  db = handle.db;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-mail-test-'));
  env = makeEnv();
});

afterAll(async () => {
  await handle.close();
  await drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  logged = [];
  await db.delete(mailOutbox);
  await fs.rm(mailFolder(), { recursive: true, force: true });
});

describe('outbox and worker', () => {
  it('issue 29.21: writes each mail aside and moves it in whole, so the mail folder only ever holds finished .eml files', async () => {
    await fs.mkdir(mailFolder(), { recursive: true });
    // Every name that appears in the folder, in order (inotify on Linux, FSEvents on macOS).
    const appeared = new Set<string>();
    const watcher = watch(mailFolder(), (_event, name) => {
      if (name) appeared.add(name);
    });
    try {
      for (let index = 0; index < 5; index += 1)
        await enqueueMail(db, sample({ subject: `Mail ${index}` }));
      expect(await createMailWorker({ db, env, log }).runOnce()).toBe(5);
      const finished = /^[^.][\w.-]*-test-mail-[\w-]+\.eml$/;
      // The folder's events come in order: once the last finished mail is seen, all were.
      const written = await mailFiles();
      await waitFor(
        'the folder to tell of the written mails',
        () => written.every((name) => appeared.has(name)),
        patiently,
      );
      expect(written).toHaveLength(5);
      expect([...appeared].filter((name) => !finished.test(name))).toEqual([]);
    } finally {
      watcher.close();
    }
  });

  it('writes a due mail as an .eml file with text and HTML parts, From, To and Subject', async () => {
    await enqueueMail(
      db,
      verificationMail({
        locale: 'en',
        to: 'kari@example.no',
        name: 'Kari',
        publicUrl,
        userId,
        token,
      }),
    );
    const worker = createMailWorker({ db, env, log });

    expect(await worker.runOnce()).toBe(1);

    const files = await mailFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-verify-email-[\w-]+\.eml$/);
    const raw = await fs.readFile(path.join(mailFolder(), files[0] ?? ''), 'latin1');
    expect(raw).toContain('From: Nordic Trading Shop <no-reply@nordic-trading.example>');
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    const parsed = parseEml(raw);
    expect(parsed.headers.get('to')).toBe('kari@example.no');
    expect(parsed.headers.get('subject')).toBe('Verify your email address at Nordic Trading');
    expect(parsed.text).toContain(`${publicUrl}/en/verify/${userId}/${token}`);

    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await worker.runOnce()).toBe(0);
    // Logs name the mail by id and kind only: no address, no token.
    expect(JSON.stringify(logged)).not.toContain(token);
    expect(JSON.stringify(logged)).not.toContain('kari@example.no');
  });

  it("drops a sent mail's body and keeps who got what and when (issue 11)", async () => {
    await enqueueMail(
      db,
      passwordResetMail({ locale: 'en', to: 'kari@example.no', name: 'Kari', publicUrl, token }),
      { userId },
    );
    const [queued] = await outbox();
    expect(queued?.text).toContain(token);
    expect(queued?.html).toContain(token);

    expect(await createMailWorker({ db, env, log }).runOnce()).toBe(1);

    const [row] = await outbox();
    expect(row).toEqual({
      ...queued,
      text: null,
      html: null,
      replyTo: null,
      status: 'sent',
      attempts: 1,
      nextAttemptAt: expect.any(Date),
      sentAt: expect.any(Date),
    });
    expect(row).toMatchObject({
      kind: 'reset-password',
      recipient: 'kari@example.no',
      userId,
      subject: 'Reset your Nordic Trading password',
      createdAt: queued?.createdAt,
    });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('refuses a pending mail without a body and a sent one with it', async () => {
    await expect(db.insert(mailOutbox).values({ ...pendingRow(), text: null })).rejects.toThrow();
    await expect(
      db.insert(mailOutbox).values({ ...pendingRow(), status: 'sent', sentAt: new Date() }),
    ).rejects.toThrow();
    await expect(
      db.insert(mailOutbox).values({ ...pendingRow(), status: 'failed', html: null }),
    ).rejects.toThrow();
    expect(await outbox()).toHaveLength(0);
  });

  it('keeps no mail when the transaction that enqueued it rolls back', async () => {
    await db
      .transaction(async (tx) => {
        await enqueueMail(tx, sample());
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await outbox()).toHaveLength(0);
  });

  it('round-trips non-ASCII headers and long quoted-printable lines through the file', async () => {
    const text = `Hei Bjørn Ærøskøbing! ${'lang linje '.repeat(20)}\nhttps://example.no/a/b?c=d&e=f\n`;
    await enqueueMail(
      db,
      sample({ to: 'bjørn@example.no', subject: 'Åpne — «mail» med emoji 🎉 og æøå', text }),
    );
    await createMailWorker({ db, env, log }).runOnce();
    const [file] = await mailFiles();
    const parsed = parseEml(await fs.readFile(path.join(mailFolder(), file ?? ''), 'latin1'));
    expect(parsed.headers.get('subject')).toBe('Åpne — «mail» med emoji 🎉 og æøå');
    expect(parsed.text).toBe(text);
  });

  it('retries a failing send with exponential backoff and gives up after the maximum', async () => {
    await enqueueMail(db, sample());
    let calls = 0;
    const failing: MailTransport = {
      send: async () => {
        calls += 1;
        throw new Error('mail server down');
      },
    };
    const worker = createMailWorker({ db, env, log, transport: failing });
    const [{ id } = { id: '' }] = await outbox();
    const delays: number[] = [];

    for (let attempt = 1; attempt <= maxMailAttempts; attempt += 1) {
      expect(await worker.runOnce()).toBe(0);
      // Not due again until its backoff has passed.
      expect(await worker.runOnce()).toBe(0);
      const [row] = await outbox();
      expect(row).toMatchObject({ attempts: attempt, lastError: 'mail server down' });
      expect(row?.status).toBe(attempt < maxMailAttempts ? 'pending' : 'failed');
      // Kept for the next try; dropped once the mail is given up, as it never goes out.
      expect(row?.text).toBe(attempt < maxMailAttempts ? 'Hello Kari' : null);
      expect(row?.html).toBe(attempt < maxMailAttempts ? '<p>Hello Kari</p>' : null);
      delays.push(await secondsUntilNextAttempt(id));
      await makeDue();
    }

    expect(calls).toBe(maxMailAttempts);
    delays.forEach((delay, index) => expect(delay).toBeCloseTo(retryDelaySeconds(index + 1), -1));
    expect(await worker.runOnce()).toBe(0);
    expect(calls).toBe(maxMailAttempts);
  });

  it('backs off 30 s doubling per attempt, capped at one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });

  it('sends each mail once when two workers run at the same time', async () => {
    for (let index = 0; index < 45; index += 1) {
      await enqueueMail(db, sample({ subject: `Mail ${index}` }));
    }
    const sent: string[] = [];
    const slow: MailTransport = {
      send: async (mail: QueuedMail) => {
        sent.push(mail.id);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    const first = createMailWorker({ db, env, log, transport: slow });
    const second = createMailWorker({ db, env, log, transport: slow });

    const counts = await Promise.all([first.runOnce(), second.runOnce(), first.runOnce()]);

    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(45);
    expect(sent).toHaveLength(45);
    expect(new Set(sent).size).toBe(45);
    expect((await outbox()).every((row) => row.status === 'sent')).toBe(true);
  });

  it('a mail whose send outlasts the claim lease keeps its claim: another worker never sends it too (issue 10.24)', async () => {
    await enqueueMail(db, sample({ subject: 'Slow' }));
    const lease = { seconds: 1, renewEveryMs: 200 };
    const sent: string[] = [];
    let release = () => {};
    const hanging: MailTransport = {
      send: (mail) =>
        new Promise((resolve) => {
          sent.push(mail.id);
          release = () => resolve();
        }),
    };
    const quick: MailTransport = { send: async (mail) => void sent.push(mail.id) };
    const holder = createMailWorker({ db, env, log, transport: hanging, lease });
    const other = createMailWorker({ db, env, log, transport: quick, lease });

    const holding = holder.runOnce();
    await expect.poll(() => sent.length, patiently).toBe(1);
    // Three leases' time of tries by the other worker while the first one still sends.
    for (let tries = 0; tries < 15; tries += 1) {
      expect(await other.runOnce()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    release();
    expect(await holding).toBe(1);
    expect(sent).toHaveLength(1);
    expect((await outbox()).map((row) => [row.status, row.claimedBy])).toEqual([['sent', null]]);
  });

  it('sends after wake() and on its own poll after start(); stop() waits for the run', async () => {
    const worker = createMailWorker({ db, env, log });
    await enqueueMail(db, sample());
    worker.wake();
    worker.wake();
    await waitForMailFiles(mailFolder(), 'the mail sent on wake()', { count: 1 });

    worker.start();
    await enqueueMail(db, sample({ subject: 'Second' }));
    await waitForMailFiles(mailFolder(), 'the mail sent on its poll', { count: 2 });
    await worker.stop();

    await enqueueMail(db, sample({ subject: 'After stop' }));
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await mailFiles()).toHaveLength(2);
  });

  it('sends through SMTP when SMTP_URL is set: an unreachable server leaves the mail pending', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const smtpEnv = makeEnv({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
    await enqueueMail(db, sample());

    expect(await createMailWorker({ db, env: smtpEnv, log }).runOnce()).toBe(0);

    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(await mailFiles()).toHaveLength(0);
  });
});

describe("forgetting a customer's mails (issue 11)", () => {
  const otherUserId = '6f1c2d7e-0000-4000-8000-000000000002';

  it("removes the queued and sent mails about the customer and their written copies, and no one else's", async () => {
    const worker = createMailWorker({ db, env, log });
    await enqueueMail(db, sample({ subject: 'Sent to Kari' }), { userId });
    await enqueueMail(db, sample({ to: 'ola@example.no', subject: 'Sent to Ola' }), {
      userId: otherUserId,
    });
    await enqueueMail(db, sample({ to: 'shop@example.no', subject: 'Sent to the shop' }));
    expect(await worker.runOnce()).toBe(3);
    await enqueueMail(db, sample({ subject: 'Queued for Kari' }), { userId });
    await enqueueMail(db, sample({ to: 'ola@example.no', subject: 'Queued for Ola' }), {
      userId: otherUserId,
    });
    expect(await mailFiles()).toHaveLength(3);

    const forgotten = await db.transaction((tx) => forgetMailsOf(tx, userId));
    // A copy a crash left half-written goes too; another's stays.
    const beingWritten = path.join(dataDir, 'mail-being-written');
    const halfWritten = (id: string) => path.join(beingWritten, `2026-11-27-order-${id}.eml`);
    await fs.writeFile(halfWritten(forgotten[0] ?? ''), 'half');
    await fs.writeFile(halfWritten(otherUserId), 'half');
    await worker.discard(forgotten);
    expect(await fs.readdir(beingWritten)).toEqual([path.basename(halfWritten(otherUserId))]);

    expect(forgotten).toHaveLength(2);
    expect((await outbox()).map((mail) => mail.subject)).toEqual([
      'Sent to Ola',
      'Sent to the shop',
      'Queued for Ola',
    ]);
    const files = await mailFiles();
    expect(files).toHaveLength(2);
    for (const id of forgotten)
      expect(files.some((file) => file.endsWith(`-${id}.eml`))).toBe(false);
    expect(await worker.runOnce()).toBe(1);
  });

  it('keeps the mails when the deletion rolls back', async () => {
    await enqueueMail(db, sample(), { userId });
    await db
      .transaction(async (tx) => {
        await forgetMailsOf(tx, userId);
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await outbox()).toHaveLength(1);
  });

  it('discards nothing through a transport that keeps no copies, nor from a missing folder', async () => {
    const keepsNothing: MailTransport = { send: async () => {} };
    await expect(
      createMailWorker({ db, env, log, transport: keepsNothing }).discard([userId]),
    ).resolves.toBeUndefined();
    await expect(createMailWorker({ db, env, log }).discard([userId])).resolves.toBeUndefined();
  });
});

describe('migration 0014 (issue 11)', () => {
  /** Its statements, as drizzle's migrator runs them. */
  async function statements(): Promise<string[]> {
    const migration = await fs.readFile(
      path.resolve(import.meta.dirname, '../../db/migrations/0014_mail_bodies_and_owners.sql'),
      'utf8',
    );
    return migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim());
  }

  it("drops the bodies of mails sent or given up before it and gives a customer's mails their owner", async () => {
    const migration = await statements();
    const dataStatements = migration.filter((statement) => statement.startsWith('UPDATE'));
    const bodyCheck = migration.filter((statement) => statement.includes('mail_outbox_body_check'));
    expect(dataStatements).toHaveLength(2);
    expect(bodyCheck).toHaveLength(1);
    const [kari] = await db
      .insert(users)
      .values({ name: 'Kari', email: 'kari@example.no', provider: 'local' })
      .returning({ id: users.id });
    // The mails as the outbox held them before the migration: a body whatever the status.
    await db.execute(sql`alter table mail_outbox drop constraint mail_outbox_body_check`);
    await db.insert(mailOutbox).values([
      { ...pendingRow(), kind: 'verify-email', subject: 'pending' },
      { ...pendingRow(), kind: 'reset-password', subject: 'sent', status: 'sent' },
      { ...pendingRow(), kind: 'order-confirmation', subject: 'failed', status: 'failed' },
      { ...pendingRow(), kind: 'account-deleted', subject: 'goodbye', status: 'sent' },
      { ...pendingRow(), kind: 'password-changed', recipient: 'ola@example.no', subject: 'ola' },
    ]);

    // The constraint comes back after the data statements, as in the migration.
    for (const statement of [...dataStatements, ...bodyCheck]) await db.execute(sql.raw(statement));

    const rows = await db
      .select({
        subject: mailOutbox.subject,
        userId: mailOutbox.userId,
        text: mailOutbox.text,
        html: mailOutbox.html,
      })
      .from(mailOutbox)
      .orderBy(mailOutbox.subject);
    const owner = kari?.id;
    const body = { text: 'Hello Kari', html: '<p>Hello Kari</p>' };
    expect(rows).toEqual([
      { subject: 'failed', userId: owner, text: null, html: null },
      { subject: 'goodbye', userId: null, text: null, html: null },
      { subject: 'ola', userId: null, ...body },
      { subject: 'pending', userId: owner, ...body },
      { subject: 'sent', userId: owner, text: null, html: null },
    ]);
    await db.delete(users);
  });
});

/** A template's mail as the demo shop signs it. */
const signed = (draft: MailDraft) => draft(shopSettingDefaults.shopDetails);

describe('mail templates', () => {
  const name = '<script>alert("x")</script> & Co';
  const all = [
    signed(verificationMail({ locale: 'en', to: 'a@example.no', name, publicUrl, userId, token })),
    signed(passwordResetMail({ locale: 'en', to: 'a@example.no', name, publicUrl, token })),
    signed(passwordChangedMail({ locale: 'en', to: 'a@example.no', name, publicUrl })),
    signed(accountDeletedMail({ locale: 'en', to: 'a@example.no', name })),
    signed(accountExistsMail({ locale: 'en', to: 'a@example.no', name, publicUrl })),
  ];

  it('escapes the name in the HTML part and keeps it as typed in the text part', () => {
    for (const mail of all) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
      expect(mail.text).toContain(`Hi ${name},`);
      expect(mail.text).toContain('Nordic Trading');
      expect(mail.html).toContain('Nordic Trading');
    }
    expect(all.map((mail) => mail.kind)).toEqual([
      'verify-email',
      'reset-password',
      'password-changed',
      'account-deleted',
      'account-exists',
    ]);
  });

  // The path is the spec's; an English reader's link opens the English page (issue 31.3).
  it("API-24 links the verification mail to /verify/{userId}/{token} in the reader's language, valid 24 hours", () => {
    const mail = signed(
      verificationMail({
        locale: 'en',
        to: 'a@example.no',
        name: 'Kari',
        publicUrl,
        userId,
        token,
      }),
    );
    const link = `${publicUrl}/en/verify/${userId}/${token}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('24 hours');
    expect(mail.to).toBe('a@example.no');
    const norwegian = signed(
      verificationMail({
        locale: 'nb',
        to: 'a@example.no',
        name: 'Kari',
        publicUrl,
        userId,
        token,
      }),
    );
    expect(norwegian.html).toContain(`href="${publicUrl}/verify/${userId}/${token}"`);
  });

  it('API-30 links the reset mail to /forgot-password/{token}, valid 1 hour', () => {
    const mail = signed(
      passwordResetMail({ locale: 'en', to: 'a@example.no', name: 'Kari', publicUrl, token }),
    );
    expect(mail.text).toContain(`${publicUrl}/en/forgot-password/${token}`);
    expect(mail.html).toContain(`href="${publicUrl}/en/forgot-password/${token}"`);
    expect(mail.text).toContain('1 hour');
    expect(mail.text).toContain('If you did not ask for a new password, ignore this mail');
  });

  it('links the password-changed mail to /forgot-password', () => {
    const mail = signed(
      passwordChangedMail({ locale: 'en', to: 'a@example.no', name: 'Kari', publicUrl }),
    );
    expect(mail.text).toContain('was just changed');
    expect(mail.text).toContain(`${publicUrl}/en/forgot-password\n`);
  });

  it('API-44 confirms the deletion and that orders keep only the name and address the law asks for (issue 29.3)', () => {
    const mail = signed(accountDeletedMail({ locale: 'en', to: 'a@example.no', name: 'Kari' }));
    expect(mail.text).toContain('have been deleted');
    expect(mail.text).toContain(
      'The law has us keep your name and address on the receipts of what you paid for, for five years after the end of the year of the sale, and nothing else about you.',
    );
  });

  it('links the account-exists mail to login and reset, and to verification when given', () => {
    const without = signed(
      accountExistsMail({
        locale: 'en',
        to: 'a@example.no',
        name: 'Kari',
        publicUrl: `${publicUrl}/`,
      }),
    );
    expect(without.text).toContain(`${publicUrl}/en/login\n`);
    expect(without.text).toContain(`${publicUrl}/en/forgot-password\n`);
    expect(without.text).not.toContain('/verify/');
    const verifyLink = `${publicUrl}/verify/${userId}/${token}`;
    const withLink = signed(
      accountExistsMail({ locale: 'en', to: 'a@example.no', name: 'Kari', publicUrl, verifyLink }),
    );
    expect(withLink.text).toContain(verifyLink);
    expect(withLink.html).toContain(`href="${verifyLink}"`);
  });
});

describe('reply paths (issue 29.14)', () => {
  const shopEmail = shopSettingDefaults.shopDetails.email;
  const order = {
    locale: 'en' as const,
    to: 'kari@example.no',
    name: 'Kari',
    publicUrl,
    orderNumber: 10001,
  };
  const lines = [{ name: 'Wool Socks', variants: {}, quantity: 1, unitPriceOre: 9_900 }];
  /** One mail of every template, and where an answer to it must go. */
  const everyTemplate: Record<keyof typeof templates, { draft: MailDraft; replyTo: string }> = {
    verificationMail: {
      draft: verificationMail({
        locale: 'en',
        to: 'kari@example.no',
        name: 'Kari',
        publicUrl,
        userId,
        token,
      }),
      replyTo: shopEmail,
    },
    passwordResetMail: {
      draft: passwordResetMail({
        locale: 'en',
        to: 'kari@example.no',
        name: 'Kari',
        publicUrl,
        token,
      }),
      replyTo: shopEmail,
    },
    passwordChangedMail: {
      draft: passwordChangedMail({ locale: 'en', to: 'kari@example.no', name: 'Kari', publicUrl }),
      replyTo: shopEmail,
    },
    accountDeletedMail: {
      draft: accountDeletedMail({ locale: 'en', to: 'kari@example.no', name: 'Kari' }),
      replyTo: shopEmail,
    },
    accountExistsMail: {
      draft: accountExistsMail({ locale: 'en', to: 'kari@example.no', name: 'Kari', publicUrl }),
      replyTo: shopEmail,
    },
    staffInvitationMail: {
      draft: templates.staffInvitationMail({
        locale: 'en',
        to: 'ida@example.no',
        invitedBy: 'Olav Eier',
        role: 'staff',
        publicUrl,
        token,
        validDays: 7,
      }),
      replyTo: shopEmail,
    },
    secondFactorLockedMail: {
      draft: templates.secondFactorLockedMail({
        locale: 'en',
        to: 'ida@example.no',
        name: 'Ida',
        publicUrl,
        wrongCodes: 10,
        lockedUntil: new Date('2026-05-04T12:35:00Z'),
      }),
      replyTo: shopEmail,
    },
    orderConfirmationMail: {
      draft: templates.orderConfirmationMail({
        ...order,
        orderedAt: new Date('2026-11-27T13:05:00Z'),
        lines,
        itemsTotalOre: 9_900,
        discountOre: 0,
        shippingOre: 0,
        grandTotalOre: 9_900,
        vat: [{ rate: 25, amountOre: 1_980 }],
        storePickup: true,
        shippingDetails: null,
      }),
      replyTo: shopEmail,
    },
    orderShippedMail: {
      draft: templates.orderShippedMail({
        ...order,
        carrier: 'Posten',
        trackingNumber: 'TRACK1',
        trackingUrl: null,
      }),
      replyTo: shopEmail,
    },
    orderReadyForPickupMail: {
      draft: templates.orderReadyForPickupMail(order),
      replyTo: shopEmail,
    },
    orderDeliveredMail: { draft: templates.orderDeliveredMail(order), replyTo: shopEmail },
    orderPickedUpMail: { draft: templates.orderPickedUpMail(order), replyTo: shopEmail },
    orderCancelledMail: {
      draft: templates.orderCancelledMail({ ...order, lines, refundedOre: 9_900 }),
      replyTo: shopEmail,
    },
    orderRefundedMail: {
      draft: templates.orderRefundedMail({
        ...order,
        lines: [{ name: 'Wool Socks', variants: {}, quantity: 1, amountOre: 9_900 }],
        otherOre: 0,
        amountOre: 9_900,
      }),
      replyTo: shopEmail,
    },
    enquiryReplyMail: {
      draft: templates.enquiryReplyMail({
        locale: 'en',
        to: 'per@kunde.no',
        fullname: 'Per Kunde',
        body: 'We can come on Monday.',
        enquiryMessage: 'A quote?',
        replyTo: 'vask@nordic-trading.example',
      }),
      replyTo: 'vask@nordic-trading.example',
    },
    enquiryMail: {
      draft: templates.enquiryMail({
        locale: 'en',
        to: shopEmail,
        fullname: 'Per Kunde',
        email: 'per@kunde.no',
        phone: '+47 900 11 222',
        message: 'A quote?',
      }),
      replyTo: 'per@kunde.no',
    },
  };

  it('every mail the shop sends carries a Reply-To: the shop’s contact address, the enquirer’s on an enquiry, the enquiry address on a reply to one', async () => {
    const templateNames = Object.entries(templates)
      .filter(([name, value]) => name.endsWith('Mail') && typeof value === 'function')
      .map(([name]) => name)
      .sort();
    expect(Object.keys(everyTemplate).sort()).toEqual(templateNames);

    for (const { draft } of Object.values(everyTemplate)) await enqueueMail(db, draft);
    const worker = createMailWorker({ db, env, log });
    expect(await worker.runOnce()).toBe(templateNames.length);
    const replyTos = new Map<string, string | undefined>();
    for (const file of await mailFiles()) {
      const mail = parseEml(await fs.readFile(path.join(mailFolder(), file), 'latin1'));
      replyTos.set(mail.headers.get('subject') ?? '', mail.headers.get('reply-to'));
    }
    for (const [name, { draft, replyTo }] of Object.entries(everyTemplate))
      expect(replyTos.get(signed(draft).subject), name).toBe(replyTo);
    // Needed only to send: a sent mail keeps no reply path, as it keeps no body.
    expect((await outbox()).map((row) => row.replyTo)).toEqual(templateNames.map(() => null));
  });

  it("a mail queued without its own reply path gets the shop's address as saved when queued", async () => {
    await db.insert(shopSettings).values({
      key: 'shopDetails',
      value: { ...shopSettingDefaults.shopDetails, email: 'post@butikken.example' },
    });
    try {
      const mail = await enqueueMail(db, sample());
      expect(mail.replyTo).toBe('post@butikken.example');
      const [row] = await outbox();
      expect(row?.replyTo).toBe('post@butikken.example');
    } finally {
      await db.delete(shopSettings).where(eq(shopSettings.key, 'shopDetails'));
    }
  });
});

describe('development mailbox', () => {
  async function mailbox() {
    const app = Fastify();
    await registerSecurity(app, env);
    await app.register(devMailboxRoutes, { dataDir });
    await app.ready();
    return app;
  }

  it('shows an empty state before any mail was written', async () => {
    const app = await mailbox();
    const page = await app.inject('/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Development mailbox');
    expect(page.body).toContain('SMTP_URL is not set');
    expect(page.body).toContain('No mails yet.');
    expect((await app.inject('/dev/mailbox.json')).json()).toEqual([]);
    await app.close();
  });

  it('lists mails newest first and shows one with its links clickable', async () => {
    const worker = createMailWorker({ db, env, log });
    const name = '<b>Kari</b>';
    await enqueueMail(
      db,
      passwordChangedMail({ locale: 'en', to: 'first@example.no', name, publicUrl }),
    );
    await worker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await enqueueMail(
      db,
      verificationMail({ locale: 'en', to: 'second@example.no', name, publicUrl, userId, token }),
    );
    await worker.runOnce();
    const app = await mailbox();

    const list = await app.inject('/dev/mailbox.json');
    const entries =
      list.json<{ file: string; to: string; subject: string; date: string; text: string }[]>();
    expect(entries.map((entry) => entry.to)).toEqual(['second@example.no', 'first@example.no']);
    expect(entries[0]?.subject).toBe('Verify your email address at Nordic Trading');
    expect(entries[0]?.text).toContain(`${publicUrl}/en/verify/${userId}/${token}`);
    expect(new Date(entries[0]?.date ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);

    const page = await app.inject('/dev/mailbox');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    expect(page.body.indexOf('second@example.no')).toBeLessThan(
      page.body.indexOf('first@example.no'),
    );
    expect(page.body).toContain(`href="/dev/mailbox/${entries[0]?.file}"`);

    const detail = await app.inject(`/dev/mailbox/${entries[0]?.file}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('second@example.no');
    expect(detail.body).toContain('Verify your email address at Nordic Trading');
    const link = `${publicUrl}/en/verify/${userId}/${token}`;
    expect(detail.body).toContain(`<a href="${link}">${link}</a>`);
    expect(detail.body).toContain('Hi &lt;b&gt;Kari&lt;/b&gt;,');
    expect(detail.body).not.toContain('<b>Kari</b>');
    await app.close();
  });

  it('names the files a mail carries, so a journey sees the receipt on a confirmation (issue 34.5)', async () => {
    const worker = createMailWorker({ db, env, log });
    const withReceipt: MailDraft = () => ({
      kind: 'order-confirmation',
      to: 'receipt@example.no',
      subject: 'Ordrebekreftelse',
      text: 'Takk for bestillingen.',
      html: '<p>Takk for bestillingen.</p>',
      attachments: [
        {
          filename: 'kvittering-10001.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.3\n'),
        },
      ],
    });
    await enqueueMail(db, withReceipt);
    await worker.runOnce();
    const app = await mailbox();
    const [entry] = (await app.inject('/dev/mailbox.json')).json<
      { file: string; to: string; attachments: unknown[] }[]
    >();
    expect(entry).toMatchObject({
      to: 'receipt@example.no',
      attachments: [{ filename: 'kvittering-10001.pdf', contentType: 'application/pdf' }],
    });
    const detail = await app.inject(`/dev/mailbox/${entry?.file}`);
    expect(detail.body).toContain(
      '<tr><th>Attachment</th><td>kvittering-10001.pdf (application/pdf)</td></tr>',
    );
    await app.close();
  });

  it('refuses file names that are not plain .eml names', async () => {
    await fs.mkdir(mailFolder(), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'secret.eml'), 'Subject: secret\n\nsecret');
    const app = await mailbox();
    for (const url of [
      '/dev/mailbox/..%2Fsecret.eml',
      '/dev/mailbox/%2E%2E%2Fsecret.eml',
      '/dev/mailbox/..%5Csecret.eml',
      '/dev/mailbox/.hidden.eml',
      '/dev/mailbox/mail.txt',
      '/dev/mailbox/missing.eml',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Mail not found' });
    }
    await app.close();
  });
});
