import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { untilTheTestTimesOut } from './test.js';
import { en } from './english.js';

export const password = 'Str0ng pass!';

/** The shop owner's account that e2e/support/start-server.mjs creates. */
export const shopOwner = { email: 'owner@example.no', password: 'Own3r pass!' };

/** An address no other journey of the run uses. */
export function newEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.no`;
}

/** A mail of the development mailbox (`/dev/mailbox.json`). */
export interface MailboxEntry {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The files the mail carries, by name and type. */
  attachments: { filename: string; contentType: string }[];
}

/** Waits until the development mailbox holds a mail to `to` whose subject matches. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<MailboxEntry> {
  let found: MailboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as MailboxEntry[];
        found = mails.find((mail) => mail.to === to && subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `a mail to ${to} matching ${subject}`, ...untilTheTestTimesOut },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** Opens the mail in the development mailbox page and follows its link to the shop. */
export async function followMailLink(page: Page, mail: MailboxEntry, linkPath: RegExp) {
  await page.goto(`/dev/mailbox/${mail.file}`);
  await page.getByRole('link', { name: linkPath }).first().click();
}

/**
 * A client address of its own for each account made through the API (the journeys' server trusts
 * X-Forwarded-For), so the per-address sign-up and verification limits meet only what a journey
 * does in the browser. 198.51.100.0/24 is a documentation range: nothing is sent there.
 */
const clientAddress = () => ({
  'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 254)}`,
});

/** A verified account made through the API and the mailed link, for journeys that start signed out. */
export async function createAccount(
  request: APIRequestContext,
  { name = 'Nora Nordmann', email = newEmail('shopper') } = {},
): Promise<{ name: string; email: string }> {
  const headers = clientAddress();
  const signup = await request.post('/api/subscribers', {
    headers,
    data: { name, email, password, provider: 'local' },
  });
  expect(signup.status()).toBe(201);
  const mail = await waitForMail(request, email, /Verify/);
  const link = /https?:\/\/[^\s/]+(?:\/en)?\/verify\/([\w-]+)\/([\w-]+)/.exec(mail.text);
  if (!link) throw new Error(`no verification link in ${mail.text}`);
  const verify = await request.put(`/api/subscribers/verify-user/${link[1]}/${link[2]}`, {
    headers,
  });
  expect(verify.status()).toBe(200);
  return { name, email };
}

export async function logIn(page: Page, email: string, secret = password) {
  await page.goto(en('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
