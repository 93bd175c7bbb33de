import { formatDateTime, shopTimeFormat, type Locale } from '@shop/shared';
import { buildMail, linkBase, mailWords, storefrontLink, type MailDraft } from '../mail/index.js';

/** Staff mails are in the member's language, Norwegian until they choose another. */

export function staffInvitationMail(input: {
  locale: Locale;
  to: string;
  /** Who invites, by name or address; '' names the owner. */
  invitedBy: string;
  role: 'owner' | 'staff';
  publicUrl: string;
  token: string;
  validDays: number;
}): MailDraft {
  const t = mailWords(input.locale);
  return (shop) =>
    buildMail(shop, {
      kind: 'staff-invitation',
      locale: input.locale,
      to: input.to,
      name: '',
      subject: t('mails.staff.invitation.subject', { shop: shop.name }),
      blocks: [
        t('mails.staff.invitation.intro', {
          invitedBy: input.invitedBy || t('mails.staff.invitation.theOwner'),
          shop: shop.name,
          role: input.role,
        }),
        {
          label: t('mails.staff.invitation.button'),
          url: `${linkBase(input.publicUrl)}/admin/invitation/${input.token}`,
        },
        t('mails.staff.invitation.validity', { days: input.validDays }),
      ],
    });
}

/** The English the lock mail has always written ("4 May at 14:35"); bokmål gets the shop's. */
const englishLockEnd = shopTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * A staff member's authenticator codes are locked after too many wrong ones: someone who has
 * their password is guessing, or they are mistyping. Either way they should know, and how to
 * get back in.
 */
export function secondFactorLockedMail(input: {
  locale: Locale;
  to: string;
  name: string;
  publicUrl: string;
  wrongCodes: number;
  /** When the codes are taken again, shown on the Oslo clock. */
  lockedUntil: Date;
}): MailDraft {
  const t = mailWords(input.locale);
  const until =
    input.locale === 'en'
      ? englishLockEnd(input.lockedUntil)
      : formatDateTime(input.locale, input.lockedUntil);
  return (shop) =>
    buildMail(shop, {
      kind: 'second-factor-locked',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.staff.locked.subject', { shop: shop.name }),
      blocks: [
        t('mails.staff.locked.intro', { wrongCodes: input.wrongCodes, until }),
        t('mails.staff.locked.ifYou'),
        t('mails.staff.locked.ifNotYou'),
        {
          label: t('mails.accounts.reset.button'),
          url: storefrontLink(input.publicUrl, input.locale, '/forgot-password'),
        },
      ],
    });
}
