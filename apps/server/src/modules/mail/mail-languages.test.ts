import { describe, expect, it } from 'vitest';
import { shopSettingDefaults, type Locale } from '@shop/shared';
import * as accountMails from '../accounts/account-mails.js';
import * as enquiryMails from '../enquiries/enquiry-mails.js';
import * as orderMails from '../orders/order-mails.js';
import * as staffMails from '../staff/staff-mails.js';
import { osloAddress } from '../../test/checkout-fixtures.js';
import type { MailDraft } from './mail.service.js';

// Issue 31.7 and 31.8: every mail in the reader's language, the confirmation with the
// right of withdrawal and its form.

const shop = { ...shopSettingDefaults.shopDetails, openingHours: ['Weekdays 09:00–17:00'] };
const publicUrl = 'http://shop.example';
const orderedAt = new Date('2026-11-27T13:05:00Z');
const lines = [
  { name: 'Cotton Kurta', variants: { Size: 'M' }, quantity: 2, unitPriceOre: 61_725 },
];
const order = (locale: Locale) => ({
  locale,
  to: 'kari@example.no',
  name: 'Kari',
  publicUrl,
  orderNumber: 10001,
});
const confirmation = (locale: Locale, storePickup = false) =>
  orderMails.orderConfirmationMail({
    ...order(locale),
    orderedAt,
    lines,
    itemsTotalOre: 123_450,
    discountOre: 0,
    shippingOre: 0,
    grandTotalOre: 123_450,
    vat: [{ rate: 25, amountOre: 24_690 }],
    storePickup,
    shippingDetails: storePickup ? null : osloAddress,
  })(shop);

/** One mail of every template in a language, with a word that only its language has. */
function everyMail(locale: Locale): Record<string, MailDraft> {
  const account = { locale, to: 'kari@example.no', name: 'Kari', publicUrl };
  return {
    verificationMail: accountMails.verificationMail({ ...account, userId: 'u1', token: 't' }),
    passwordResetMail: accountMails.passwordResetMail({ ...account, token: 't' }),
    passwordChangedMail: accountMails.passwordChangedMail(account),
    accountDeletedMail: accountMails.accountDeletedMail(account),
    accountExistsMail: accountMails.accountExistsMail({ ...account, verifyLink: 'http://x/v' }),
    staffInvitationMail: staffMails.staffInvitationMail({
      locale,
      to: 'ida@example.no',
      invitedBy: '',
      role: 'owner',
      publicUrl,
      token: 't',
      validDays: 7,
    }),
    secondFactorLockedMail: staffMails.secondFactorLockedMail({
      ...account,
      wrongCodes: 10,
      lockedUntil: new Date('2026-05-04T12:35:00Z'),
    }),
    orderConfirmationMail: () => confirmation(locale),
    orderShippedMail: orderMails.orderShippedMail({
      ...order(locale),
      carrier: 'Posten',
      trackingNumber: 'TRACK1',
      trackingUrl: 'https://track.example/1',
    }),
    orderReadyForPickupMail: orderMails.orderReadyForPickupMail(order(locale)),
    orderDeliveredMail: orderMails.orderDeliveredMail(order(locale)),
    orderPickedUpMail: orderMails.orderPickedUpMail(order(locale)),
    orderCancelledMail: orderMails.orderCancelledMail({
      ...order(locale),
      lines,
      refundedOre: 123_450,
    }),
    orderRefundedMail: orderMails.orderRefundedMail({
      ...order(locale),
      lines: [{ name: 'Cotton Kurta', variants: {}, quantity: 1, amountOre: 61_725 }],
      otherOre: 5_000,
      amountOre: 66_725,
    }),
    enquiryReplyMail: enquiryMails.enquiryReplyMail({
      locale,
      to: 'per@kunde.no',
      fullname: 'Per',
      body: '…',
      enquiryMessage: 'A quote?',
      replyTo: 'vask@example.no',
    }),
    enquiryMail: enquiryMails.enquiryMail({
      locale,
      to: shop.email,
      fullname: 'Per',
      email: 'per@kunde.no',
      phone: '+47 900 11 222',
      message: '',
    }),
  };
}

describe('mails in two languages (issue 31.7)', () => {
  it('every template writes bokmål for a Norwegian reader, greeting and footer included', () => {
    const templates = Object.keys(everyMail('nb'));
    const exported = [accountMails, enquiryMails, orderMails, staffMails]
      .flatMap((module) => Object.keys(module))
      .filter((name) => name.endsWith('Mail'));
    expect(templates.sort()).toEqual(exported.sort());
    for (const [name, draft] of Object.entries(everyMail('nb'))) {
      const mail = draft(shop);
      expect(mail.text, name).toMatch(/^Hei( Kari| Per)?,\n/);
      expect(mail.text, name).toContain('Vennlig hilsen\nNordic Trading');
      expect(mail.text, name).toContain('Org.nr. ');
      expect(mail.html, name).toContain('<html lang="nb">');
      expect(`${mail.subject}\n${mail.text}`, name).not.toMatch(/\b(Hi|Your|the|you|Best)\b/);
    }
  });

  it('every template keeps its English for an English reader', () => {
    for (const [name, draft] of Object.entries(everyMail('en'))) {
      const mail = draft(shop);
      expect(mail.text, name).toMatch(/^Hi( Kari| Per)?,\n/);
      expect(mail.text, name).toContain('Best regards,\nNordic Trading');
      expect(mail.text, name).toContain('Org. no. ');
      expect(mail.html, name).toContain('<html lang="en">');
    }
    const en = everyMail('en');
    expect(en.orderRefundedMail?.(shop).text).toContain(
      'We have refunded NOK\u00a0667.25 for your order 10001.',
    );
    expect(en.secondFactorLockedMail?.(shop).text).toContain('refused until 4 May at 14:35');
    expect(en.staffInvitationMail?.(shop).text).toContain(
      'The shop owner invites you to run Nordic Trading with them, as an owner.',
    );
  });

  it('writes amounts, days and times as a Norwegian reads them', () => {
    const nb = everyMail('nb');
    // Intl keeps the amount and `kr` together with a no-break space.
    expect(nb.orderRefundedMail?.(shop).text).toContain(
      'Vi har refundert 667,25\u00a0kr for bestilling 10001.',
    );
    expect(nb.orderRefundedMail?.(shop).text).toContain('1 × Cotton Kurta returnert');
    expect(nb.secondFactorLockedMail?.(shop).text).toContain('til 4. mai 2026 kl. 14.35');
    expect(nb.staffInvitationMail?.(shop).text).toContain('i 7 dager');
    const mail = confirmation('nb');
    expect(mail.subject).toBe('Ordrebekreftelse: bestilling 10001 hos Nordic Trading');
    expect(mail.text).toMatch(/2 × Cotton Kurta \(Size: M\)\s+1\s234,50\skr/);
    expect(mail.text).toMatch(/herav mva\. 25 %\s+246,90\skr/);
    expect(mail.text).toContain('Storgata 1, 0155 Oslo, Norge.');
    expect(confirmation('nb', true).text).toContain('Åpningstider: Weekdays 09:00–17:00.');
  });
});

describe('the order confirmation and the law (issue 31.8)', () => {
  const seller = shopSettingDefaults.shopDetails;

  it('gives the right of withdrawal and the withdrawal form, filled with the seller and the order', () => {
    const mail = confirmation('nb');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('14 dager');
      expect(part).toContain('Angreskjema');
      expect(part).toContain(
        'Jeg/vi (*) underretter herved om at jeg/vi (*) ønsker å gå fra min/vår (*) avtale om kjøp av følgende varer:',
      );
      expect(part).toContain(`Til: ${seller.name}, ${seller.street}, ${seller.postalCode}`);
      expect(part).toContain(`e-post ${seller.email}`);
      expect(part).toContain('Forbrukerens/forbrukernes underskrift');
      expect(part).toContain('Bestilt den');
      expect(part).toContain('27. nov. 2026');
      expect(part).toContain('Mottatt den');
      expect(part).toContain('2 × Cotton Kurta (Size: M)');
      expect(part).toContain('forbrukerkjøpsloven');
      expect(part).toContain(`${publicUrl}/terms-conditions`);
    }
    expect(mail.text).toMatch(/Ordrenummer\s+10001/);
    expect(mail.text).toMatch(
      new RegExp(`org\\.nr\\. ${seller.organisationNumber.replace(/(\d{3})(?=\d)/g, '$1 ')}`),
    );
  });

  it('gives them in English for an English order, linking the English terms of sale', () => {
    const mail = confirmation('en');
    expect(mail.subject).toBe('Your Nordic Trading order 10001');
    expect(mail.text).toContain('Withdrawal form');
    expect(mail.text).toContain('hereby give notice that I/We (*) withdraw');
    expect(mail.text).toMatch(/Ordered on\s+27 Nov 2026/);
    expect(mail.text).toContain(`${publicUrl}/en/terms-conditions`);
    expect(mail.text).toContain('Storgata 1, 0155 Oslo, Norway.');
  });
});
