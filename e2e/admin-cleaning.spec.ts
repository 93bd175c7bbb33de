import { expect, test } from './support/test.js';
import { newEmail } from './support/accounts.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { en } from './support/english.js';
import { openBackOffice } from './support/staff.js';

// The cleaning page in the back office (issue 14): staff rename a service tile and set where
// enquiries are mailed; the storefront's /cleaning shows the new name, and an enquiry sent from
// it is mailed to the new address. Both are put back, as other journeys read the page.

// The tile as the back office (and the bokmål /cleaning) names it since issue 31.5.
const TILE = 'Vindusvask';

test('(issue 14) staff rename a cleaning tile and set the enquiry address; the storefront shows the tile and its enquiry is mailed there', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const renamed = `${TILE} ${tag}`;
  const address = newEmail('renhold');
  await openBackOffice(page, request, '/content/cleaning');
  await expect(page.getByRole('heading', { name: 'Cleaning page', level: 1 })).toBeVisible();
  const addressField = page.getByLabel('Mail enquiries to');
  const previousAddress = await addressField.inputValue();
  const tiles = page.getByRole('region', { name: 'Service tiles' });

  try {
    // A wrong address is refused beside its field.
    await addressField.fill('renhold at nordictrading');
    await page.getByRole('button', { name: 'Save enquiry address' }).click();
    await expect(page.getByText('The e-mail address is not valid')).toBeVisible();
    await addressField.fill(address);
    await page.getByRole('button', { name: 'Save enquiry address' }).click();
    await expect(page.getByText(`Enquiries are now mailed to ${address}.`)).toBeVisible();

    await tiles.getByRole('button', { name: `Edit ${TILE}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit tile' });
    await dialog.getByLabel('Name (Norwegian)').fill(renamed);
    await dialog.getByText('Sparkle').click();
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Tile “${renamed}” saved.`)).toBeVisible();
    await expect(tiles.getByText(renamed)).toBeVisible();

    // The bokmål page shows the new name; the English one keeps the tile's English.
    await page.goto('/cleaning');
    const services = page.getByRole('region', { name: 'Våre tjenester' });
    await expect(services.getByRole('heading', { name: renamed })).toBeVisible();
    await expect(services.getByRole('heading', { level: 3 })).toHaveCount(12);
    await page.goto(en('/cleaning'));
    await expect(
      page.getByRole('region', { name: 'Our services' }).getByRole('heading', { name: renamed }),
    ).toHaveCount(0);

    const phone = `+47 ${Date.now().toString().slice(-8)}`;
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Full Name').fill('Åse Øren');
    await modal.getByLabel('Email', { exact: true }).fill(newEmail('enquirer'));
    await modal.getByLabel('Phone', { exact: true }).fill(phone);
    await modal.getByRole('button', { name: 'Send' }).click();
    await expect(modal.getByText('Your Enquiry has been successfully placed !')).toBeVisible();
    // Other journeys' enquiries may reach this address meanwhile: this one is known by its phone.
    await expect
      .poll(async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as MailboxEntry[];
        return mails.some(
          (mail) =>
            mail.to === address && /enquiry/i.test(mail.subject) && mail.text.includes(phone),
        );
      })
      .toBe(true);
  } finally {
    // Other journeys read the page and send enquiries: put both back as they were.
    await openBackOffice(page, request, '/content/cleaning');
    await expect(tiles.getByRole('listitem').first()).toBeVisible();
    const current = tiles.getByRole('button', { name: `Edit ${renamed}`, exact: true });
    if (await current.isVisible()) {
      await current.click();
      const dialog = page.getByRole('dialog', { name: 'Edit tile' });
      await dialog.getByLabel('Name (Norwegian)').fill(TILE);
      await dialog.getByText('Window', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`Tile “${TILE}” saved.`)).toBeVisible();
    }
    await page.getByLabel('Mail enquiries to').fill(previousAddress);
    await page.getByRole('button', { name: 'Save enquiry address' }).click();
    await expect(page.getByText(/Enquiries are now mailed to/)).toBeVisible();
  }
});

interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
}
