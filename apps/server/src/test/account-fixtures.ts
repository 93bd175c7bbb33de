import { and, desc, eq } from 'drizzle-orm';
import type { SessionUser } from '@shop/shared';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { parseEml } from '../modules/mail/eml.js';
import { mailOutbox } from '../modules/mail/mail.tables.js';
import { mailDir } from '../modules/mail/mail.worker.js';
import { required } from './catalog-fixtures.js';
import { waitForMailFiles } from './mail-files.js';

export const strongPassword = 'Str0ng pass!';

let counter = 0;
/** An address no other test of the run uses, so per-account limits never meet. */
export function uniqueEmail(label = 'shopper'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.no`;
}

/**
 * A client address of its own, so each simulated shopper has its own per-IP rate-limit
 * counters and tests never trip over each other's.
 */
export function uniqueIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** The newest mail of `kind` to `to`, straight from the outbox: no body once it is sent. */
export async function latestMail(db: Database, to: string, kind: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/**
 * A mail as its recipient got it. The outbox drops a mail's body once it is sent, so this waits
 * for the `.eml` file the test server's mail worker writes (no SMTP_URL) and reads it back.
 */
export async function deliveredCopy(app: App, mailId: string) {
  const [file] = await waitForMailFiles(mailDir(app.deps.env.dataDir), `mail ${mailId}`, {
    named: (name) => name.endsWith(`-${mailId}.eml`),
  });
  const mail = parseEml(required(file, 'the mail').text);
  return {
    subject: mail.headers.get('subject') ?? '',
    replyTo: mail.headers.get('reply-to'),
    text: mail.text,
    html: mail.html,
  };
}

/**
 * A mail of `kind` as `to` got it, found by its written copy: for a mail whose outbox row forgets
 * its recipient once sent (the goodbye mail of a deleted account).
 */
export async function deliveredTo(app: App, kind: string, to: string) {
  const [file] = await waitForMailFiles(mailDir(app.deps.env.dataDir), `a ${kind} mail to ${to}`, {
    named: (name) => name.includes(`-${kind}-`),
    matches: (mail) => parseEml(mail.text).headers.get('to') === to,
  });
  const mail = parseEml(required(file, 'the mail').text);
  return { subject: mail.headers.get('subject') ?? '', text: mail.text, html: mail.html };
}

/** The newest mail of `kind` to `to` as its recipient got it, or undefined when none was queued. */
export async function receivedMail(app: App, to: string, kind: string) {
  const mail = await latestMail(app.deps.database.db, to, kind);
  return mail && { ...mail, ...(await deliveredCopy(app, mail.id)) };
}

/**
 * The path of the first shop link in a mail's text that starts with `prefix`, without the `/en`
 * an English reader's link starts with.
 */
export function linkPath(text: string, prefix: string): string {
  const match = new RegExp(`https?://[^\\s/]+(?:/en)?(${prefix}[^\\s]*)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${prefix} link in mail:\n${text}`);
  return match[1];
}

export const bearer = (user: Pick<SessionUser, 'accessToken'>) => ({
  authorization: `Bearer ${user.accessToken}`,
});

/** Signs a new local account up, verifies it through its mailed link and logs it in. */
export async function createVerifiedUser(
  app: App,
  db: Database,
  { email = uniqueEmail(), password = strongPassword, name = 'Kari Nordmann' } = {},
): Promise<SessionUser> {
  const remoteAddress = uniqueIp();
  const signup = await app.inject({
    remoteAddress,
    method: 'POST',
    url: '/api/subscribers',
    payload: { name, email, password, provider: 'local' },
  });
  if (signup.statusCode !== 201) throw new Error(`sign-up failed: ${signup.body}`);
  const mail = await latestMail(db, email, 'verify-email');
  if (!mail) throw new Error('no verification mail');
  const { text } = await deliveredCopy(app, mail.id);
  const verifyPath = linkPath(text, '/verify/').replace('/verify/', '/verify-user/');
  const verify = await app.inject({
    remoteAddress,
    method: 'PUT',
    url: `/api/subscribers${verifyPath}`,
  });
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.body}`);
  const login = await app.inject({
    remoteAddress,
    method: 'POST',
    url: '/api/subscribers/login',
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return login.json<SessionUser>();
}
