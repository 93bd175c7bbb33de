import { expect, test } from './support/test.js';
import {
  createAccount,
  followMailLink,
  logIn,
  newEmail,
  password,
  waitForMail,
} from './support/accounts.js';
import { en, enUrl } from './support/english.js';

test.use({ viewport: { width: 1366, height: 768 } });

test('RESET-03 ACCOUNT-06 the mailed link says the account is verified and offers Login; an early login says no new link went out (issue 10.9)', async ({
  page,
  request,
}) => {
  const email = newEmail('verify');
  await page.goto(en('/login'));
  await page.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
  await page.getByLabel('Name').fill('Vera Verify');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Retype Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Please verify your email.')).toBeVisible();

  // The sign-up mail went out a moment ago: the login says so instead of claiming a new one.
  await page.getByRole('button', { name: 'Already have an account? Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please verify your email before you log in. A verification link was sent to your inbox in the last few minutes: please use that one.',
  );

  const mail = await waitForMail(request, email, /Verify/);
  await followMailLink(page, mail, /\/verify\//);
  await expect(page).toHaveURL(enUrl(/\/verify\//));
  await expect(page.getByRole('status')).toHaveText(
    'Your account is verified. You can log in now.',
  );
  await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(enUrl(/\/login$/));
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  await expect(page.getByText('Welcome, Vera Verify')).toBeVisible();
});

test('MYACC-02 ACCOUNT-03 the edit form fills the city from a Norwegian postal code, and deleting says it is done (issue 10.15)', async ({
  page,
  request,
}) => {
  const { email } = await createAccount(request, { name: 'Edel Edit' });
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  await page.goto(en('/account'));
  await page.getByRole('button', { name: 'Edit' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Country').selectOption({ label: 'Norway' });
  await modal.getByLabel('Postal Code').fill('5003');
  await expect(modal.getByLabel('City')).toHaveValue('Bergen');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'My Details' }).getByText(/5003 Bergen/),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByLabel('Your email').fill(email);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(enUrl(/\/login$/));
  await expect(page.getByRole('status')).toHaveText('Your account has been deleted.');
});

test('VAL-24 VAL-26 VAL-27 ERR-23 the enquiry form shows its per-field messages only (issue 10.12)', async ({
  page,
}) => {
  await page.goto(en('/cleaning'));
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Send' }).click();
  await expect(modal.getByRole('alert')).toHaveText([
    'Please Enter a valid name!',
    'Please Enter a valid email!',
    'Please Enter a valid phone!',
  ]);
  await expect(modal.getByText('All fields are required !')).toHaveCount(0);
  await expect(modal.getByLabel(/Message/)).toBeVisible();
});
