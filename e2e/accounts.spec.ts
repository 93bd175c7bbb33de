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

test('LOGIN-01 LOGIN-03 SESSION-10 RESET-03 SESSION-11 GLOB-01 GLOB-06 MYACC-01..04 ACCOUNT-01 ACCOUNT-02 sign up, verify from the mail, log in, edit details, change the password and log in again', async ({
  page,
  request,
}) => {
  const email = newEmail('journey');
  await page.goto(en('/login'));
  await page.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
  await page.getByLabel('Name').fill('Ingrid Journey');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Retype Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Please verify your email.')).toBeVisible();

  const mail = await waitForMail(request, email, /Verify/);
  await followMailLink(page, mail, /\/verify\//);
  // The verify page says so and offers Login (issue 10.9).
  await expect(page.getByText('Your account is verified. You can log in now.')).toBeVisible();

  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  await expect(page.getByText('Ingrid Journey').first()).toBeVisible();
  await page.getByRole('link', { name: 'Account', exact: true }).first().click();
  await expect(page).toHaveURL(enUrl(/\/account$/));
  const details = page.getByRole('region', { name: 'My Details' });
  await expect(details.getByText(email)).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Phone').fill('+47 912 34 567');
  await modal.getByLabel('City').fill('Bergen');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(details.getByText('Bergen')).toBeVisible();
  await expect(details.getByText('+47 912 34 567')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await modal.getByLabel('Change password').check();
  await modal.getByLabel('Previous Password').fill(password);
  await modal.getByLabel('New Password', { exact: true }).fill('N3w pass word');
  await modal.getByLabel('Repeat New Password').fill('N3w pass word');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(enUrl(/\/login$/));
  await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeVisible();

  await logIn(page, email);
  await expect(page.getByText('Invalid email or password !!')).toBeVisible();
  await logIn(page, email, 'N3w pass word');
  await expect(page).toHaveURL(enUrl(/\/$/));
  await expect(page.getByRole('link', { name: 'Account', exact: true }).first()).toBeVisible();
});

test('RESET-01 RESET-02 ACCOUNT-04 ACCOUNT-05 forgot the password, reset it from the mail and log in', async ({
  page,
  request,
}) => {
  const { email } = await createAccount(request);
  await page.goto(en('/login'));
  await page.getByRole('link', { name: 'Forgot Password ?' }).click();
  await expect(page).toHaveURL(enUrl(/\/forgot-password$/));
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/we have sent it a link to reset the password/)).toBeVisible();

  const mail = await waitForMail(request, email, /Reset/);
  await followMailLink(page, mail, /\/forgot-password\//);
  await expect(page).toHaveURL(enUrl(/\/forgot-password\/[\w-]+$/));
  await page.getByLabel('New Password', { exact: true }).fill('weak');
  await page.getByLabel('Retype New Password').fill('weak');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(
    page.getByText(
      'Password must contain a combination of numbers, small letters, capital letters and special characters.',
    ),
  ).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Res3t pass!');
  await page.getByLabel('Retype New Password').fill('Res3t pass!');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been updated!')).toBeVisible();

  await logIn(page, email, 'Res3t pass!');
  await expect(page).toHaveURL(enUrl(/\/$/));
  await expect(page.getByRole('link', { name: 'Account', exact: true }).first()).toBeVisible();
});

test('MYACC-05 MYACC-06 VAL-22 VAL-23 ACCOUNT-03 delete the account after typing its address', async ({
  page,
  request,
}) => {
  const { email } = await createAccount(request, { name: 'Dag Delete' });
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  await page.goto(en('/account'));
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByLabel('Your email').fill('someone.else@example.no');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm.getByText('Email did not match')).toBeVisible();
  await confirm.getByLabel('Your email').fill(email);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(enUrl(/\/login$/));
  await waitForMail(request, email, /deleted/);

  await logIn(page, email);
  await expect(page.getByText('Invalid email or password !!')).toBeVisible();
});

test('AREA-03 ROLE-09 LOGIN-07 the account page sends a visitor to /login, and /login sends a signed-in user home', async ({
  page,
  request,
}) => {
  await page.goto(en('/account'));
  await expect(page).toHaveURL(enUrl(/\/login$/));
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('The fields can not be empty!')).toBeVisible();

  const { email } = await createAccount(request);
  await logIn(page, email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  await page.goto(en('/login'));
  await expect(page).toHaveURL(enUrl(/\/$/));
  await page.goto(en('/account'));
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.goto(en('/account'));
  await expect(page).toHaveURL(enUrl(/\/login$/));
});
