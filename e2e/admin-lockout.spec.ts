import { Secret, TOTP } from 'otpauth';
import { adminEnrolResponseSchema, adminLoginResponseSchema } from '@shop/shared';
import { newEmail, password, waitForMail } from './support/accounts.js';
import { englishBeforeSignIn, ownerSession } from './support/staff.js';
import { expect, test, type APIRequestContext } from './support/test.js';

// Issue 29.16: wrong second-factor codes count per account, from any address; after ten the
// app's codes are refused for a while, the login says until when, and a recovery code still
// gets the member in.

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6 }).generate({
    timestamp: at,
  });

/** A staff member who joined by invitation and set up an authenticator, through the API. */
async function enrolledStaff(request: APIRequestContext) {
  const email = newEmail('locked');
  const owner = await ownerSession(request);
  const invited = await request.post('/api/admin/staff/invitations', {
    headers: { authorization: `Bearer ${owner.accessToken}` },
    data: { email, role: 'staff' },
  });
  expect(invited.status()).toBe(200);
  const mail = await waitForMail(request, email, /invited/);
  const token = /\/admin\/invitation\/([\w-]+)/.exec(mail.text)?.[1];
  const accepted = await request.post('/api/admin/invitations/accept', {
    headers: { 'accept-language': 'en' },
    data: { token, existingAccount: false, name: 'Live Låst', password },
  });
  expect(accepted.status()).toBe(200);
  const login = adminLoginResponseSchema.parse(
    await (await request.post('/api/admin/auth/login', { data: { email, password } })).json(),
  );
  if (login.step !== 'enrol') throw new Error(`a new member was asked to ${login.step}`);
  const enrol = await request.post('/api/admin/auth/enrol', {
    data: { challengeToken: login.challengeToken, code: codeAt(login.secret, Date.now()) },
  });
  expect(enrol.status()).toBe(200);
  const { recoveryCodes } = adminEnrolResponseSchema.parse(await enrol.json());
  return { email, secret: login.secret, recoveryCodes };
}

/** A code the authenticator shows at no moment near now. */
function wrongCode(secret: string): string {
  const near = [-30_000, 0, 30_000].map((offset) => codeAt(secret, Date.now() + offset));
  const code = ['000000', '111111', '222222', '333333'].find((one) => !near.includes(one));
  if (!code) throw new Error('no wrong code');
  return code;
}

test('after ten wrong codes from elsewhere the login says the codes are locked until when, and a recovery code gets in', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await enrolledStaff(request);
  // Someone with the password guesses from ten addresses, one challenge each.
  for (let guess = 1; guess <= 10; guess += 1) {
    const headers = { 'x-forwarded-for': `203.0.113.${guess}` };
    const login = adminLoginResponseSchema.parse(
      await (
        await request.post('/api/admin/auth/login', {
          headers,
          data: { email: member.email, password },
        })
      ).json(),
    );
    const answer = await request.post('/api/admin/auth/verify', {
      headers,
      data: { challengeToken: login.challengeToken, code: wrongCode(member.secret) },
    });
    expect(answer.status()).toBe(guess < 10 ? 401 : 429);
  }
  await waitForMail(request, member.email, /Sign-in codes paused/);

  await englishBeforeSignIn(page);
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('6-digit code').fill(codeAt(member.secret, Date.now()));
  await page.getByRole('button', { name: 'Continue' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Too many wrong codes for this account.');
  await expect(alert).toContainText(/refused until \d{1,2} \w+ at \d\d:\d\d \(Norwegian time\)/);
  await expect(alert).toContainText('a recovery code still works');

  await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(member.recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
