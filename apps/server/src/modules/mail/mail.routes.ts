import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { shopTimeFormat } from '@shop/shared';
import { parseEml } from './eml.js';
import escapeHtml from 'escape-html';
import { mailDir } from './mail.worker.js';

export interface DevMailboxOptions {
  /** The data folder whose `mail` subfolder is read; the app's DATA_DIR when not given. */
  dataDir?: string;
}

interface MailboxEntry {
  file: string;
  to: string;
  subject: string;
  /** ISO 8601, from the Date header (the file's time when it has none). */
  date: string;
  text: string;
  /** The files the mail carries (a confirmation its receipt), by name and type. */
  attachments: { filename: string; contentType: string }[];
}

/** Only plain file names: no separators, so no way out of the mail folder. */
const mailFileName = /^\w[\w.-]*\.eml$/;
/** The page lists this many; a long-running development server can collect thousands. */
const listLimit = 200;
const notFoundMessage = 'Mail not found';

async function readEntry(folder: string, file: string): Promise<MailboxEntry> {
  const fullPath = path.join(folder, file);
  const mail = parseEml(await fs.readFile(fullPath, 'latin1'));
  const headerDate = new Date(mail.headers.get('date') ?? '');
  const date = Number.isNaN(headerDate.getTime()) ? (await fs.stat(fullPath)).mtime : headerDate;
  return {
    file,
    to: mail.headers.get('to') ?? '',
    subject: mail.headers.get('subject') ?? '',
    date: date.toISOString(),
    text: mail.text,
    attachments: mail.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
  };
}

/** Newest first; file names start with the time they were written. */
async function listEntries(folder: string): Promise<{ entries: MailboxEntry[]; total: number }> {
  let files: string[];
  try {
    files = await fs.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], total: 0 };
    throw error;
  }
  const mails = files
    .filter((file) => mailFileName.test(file))
    .sort()
    .reverse();
  const entries = await Promise.all(
    mails.slice(0, listLimit).map((file) => readEntry(folder, file)),
  );
  return { entries, total: mails.length };
}

const osloClock = shopTimeFormat('sv-SE', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** When a mail was written, on the clock its Norwegian readers keep (issue 29.13). */
export const mailboxDate = (iso: string) => `${osloClock(iso)} Oslo time`;

/** Escapes the text and turns each http(s) address in it into a link. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    // Punctuation that ends a sentence is not part of the address.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

// The app's Content-Security-Policy allows inline styles (style-src 'unsafe-inline') but no
// inline scripts, so the pages carry a <style> element and no script at all.
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.4rem 0.6rem; border-bottom: 1px solid #ddd; vertical-align: top; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: 1rem; border-radius: 4px; }
.note { color: #555; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function sendHtml(reply: FastifyReply, html: string) {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * The development mailbox: reads the `.eml` files the mail worker writes when SMTP_URL is not
 * set, so a developer or a browser test can open the mails the shop sent. app.ts registers it
 * only when DEV_MAILBOX is on.
 */
export const devMailboxRoutes: FastifyPluginAsync<DevMailboxOptions> = async (app, options) => {
  // A bare instance (tests) has no app dependencies and names the folder itself.
  const dataDir = options.dataDir ?? app.deps?.env.dataDir;
  if (!dataDir) throw new Error('devMailboxRoutes needs a dataDir');
  const folder = mailDir(dataDir);

  app.get('/dev/mailbox.json', { schema: { hide: true } }, async (_request, reply) => {
    const { entries } = await listEntries(folder);
    return reply.header('cache-control', 'no-store').send(entries);
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const { entries, total } = await listEntries(folder);
    const rows = entries
      .map(
        (entry) =>
          `<tr><td>${escapeHtml(mailboxDate(entry.date))}</td><td>${escapeHtml(entry.to)}</td>` +
          `<td><a href="/dev/mailbox/${escapeHtml(entry.file)}">${escapeHtml(entry.subject || '(no subject)')}</a></td></tr>`,
      )
      .join('\n');
    const list =
      entries.length === 0
        ? '<p><strong>No mails yet.</strong> Mails the shop sends, such as the verification mail after signing up, appear here.</p>'
        : `${total > entries.length ? `<p class="note">Showing the ${entries.length} newest of ${total} mails.</p>` : ''}
<table>
<thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
    return sendHtml(
      reply,
      page(
        'Development mailbox',
        `<h1>Development mailbox</h1>
<p class="note">SMTP_URL is not set, so the shop does not deliver mail: it writes each mail as a file in <code>${escapeHtml(folder)}</code>. This page lists those files, newest first. It exists only in development.</p>
${list}`,
      ),
    );
  });

  app.get<{ Params: { file: string } }>(
    '/dev/mailbox/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!mailFileName.test(file)) return reply.status(404).send({ message: notFoundMessage });
      let entry: MailboxEntry;
      try {
        entry = await readEntry(folder, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return reply.status(404).send({ message: notFoundMessage });
        }
        throw error;
      }
      return sendHtml(
        reply,
        page(
          `${entry.subject} - Development mailbox`,
          `<p><a href="/dev/mailbox">&larr; Development mailbox</a></p>
<h1>${escapeHtml(entry.subject || '(no subject)')}</h1>
<table>
<tr><th>To</th><td>${escapeHtml(entry.to)}</td></tr>
<tr><th>Subject</th><td>${escapeHtml(entry.subject)}</td></tr>
<tr><th>Date</th><td>${escapeHtml(mailboxDate(entry.date))}</td></tr>
${entry.attachments.map((file) => `<tr><th>Attachment</th><td>${escapeHtml(file.filename)} (${escapeHtml(file.contentType)})</td></tr>`).join('\n')}
</table>
<pre>${linkify(entry.text)}</pre>`,
        ),
      );
    },
  );
};
