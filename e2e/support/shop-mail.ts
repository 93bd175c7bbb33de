import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { untilTheTestTimesOut } from './test.js';

/**
 * The shop's order address of the journeys (issue 34.1, 34.2): where the settings send each new
 * order and the morning's low-stock list. Every journey sets the same one, so two journeys that
 * save it at once agree on it.
 */
export const orderMailbox = 'ordrer@example.no';

// The recipients and the low-stock switch are saved together, so a journey that saves the
// recipients would put back a switch another journey has just turned off. A journey holds this
// file while it needs that section to stay as it left it; a holder whose process has ended (a
// run that was stopped) no longer holds it.
const lockFile = path.join(
  os.tmpdir(),
  `shop-e2e-${process.env.E2E_PORT ?? '5055'}-order-mail-settings.lock`,
);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function takeLock(): Promise<boolean> {
  try {
    await fs.writeFile(lockFile, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(await fs.readFile(lockFile, 'utf8').catch(() => ''));
    if (holder > 0 && !alive(holder)) await fs.rm(lockFile, { force: true });
    return false;
  }
}

/** Runs `work` while no other journey changes the order and stock mail settings. */
export async function withOrderMailSettings<T>(work: () => Promise<T>): Promise<T> {
  await expect
    .poll(takeLock, {
      message: 'another journey to leave the order and stock mail settings',
      ...untilTheTestTimesOut,
    })
    .toBe(true);
  try {
    return await work();
  } finally {
    await fs.rm(lockFile, { force: true });
  }
}

/** The settings page's section of the order and stock mail, as the owner sees it. */
export const orderMailSection = (page: Page) =>
  page.getByRole('form', { name: 'Order and stock mail' });

/**
 * On the settings page: the order address of the journeys as the only recipient, the daily
 * low-stock mail on or off, saved as the owner saves it.
 */
export async function saveOrderMailSettings(page: Page, { lowStockMail = true } = {}) {
  const form = orderMailSection(page);
  const recipients = form.getByLabel('Who is mailed each new order and the low-stock list');
  await expect(recipients).toBeEditable();
  await recipients.fill(orderMailbox);
  await form.getByLabel('Send the daily low-stock mail').setChecked(lowStockMail);
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/admin/settings/notifications') &&
      response.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Save order and stock mail' }).click();
  expect((await saved).status()).toBe(200);
  await expect(
    page
      .getByText('Saved. The next order and the next morning’s list go to these addresses.')
      .last(),
  ).toBeVisible();
  await expect(recipients).toHaveValue(orderMailbox);
  await expect(form.getByLabel('Send the daily low-stock mail')).toBeChecked({
    checked: lowStockMail,
  });
}
