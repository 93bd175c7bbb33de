import type { Locale } from '@shop/shared';
import {
  buildMail,
  mailWords,
  storefrontLink,
  type MailBlock,
  type MailDraft,
} from '../mail/index.js';

/**
 * What the accounts module tells a person about their account, in the account's language (or,
 * before there is one, the language the request asked in).
 */

export function verificationMail(input: {
  locale: Locale;
  to: string;
  name: string;
  publicUrl: string;
  userId: string;
  token: string;
}): MailDraft {
  const t = mailWords(input.locale);
  return (shop) =>
    buildMail(shop, {
      kind: 'verify-email',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.accounts.verify.subject', { shop: shop.name }),
      blocks: [
        t('mails.accounts.verify.intro', { shop: shop.name }),
        {
          label: t('mails.accounts.verify.button'),
          url: storefrontLink(
            input.publicUrl,
            input.locale,
            `/verify/${input.userId}/${input.token}`,
          ),
        },
        t('mails.accounts.verify.validity'),
      ],
    });
}

export function passwordResetMail(input: {
  locale: Locale;
  to: string;
  name: string;
  publicUrl: string;
  token: string;
}): MailDraft {
  const t = mailWords(input.locale);
  return (shop) =>
    buildMail(shop, {
      kind: 'reset-password',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.accounts.reset.subject', { shop: shop.name }),
      blocks: [
        t('mails.accounts.reset.intro', { shop: shop.name }),
        {
          label: t('mails.accounts.reset.button'),
          url: storefrontLink(input.publicUrl, input.locale, `/forgot-password/${input.token}`),
        },
        t('mails.accounts.reset.validity'),
      ],
    });
}

export function passwordChangedMail(input: {
  locale: Locale;
  to: string;
  name: string;
  publicUrl: string;
}): MailDraft {
  const t = mailWords(input.locale);
  return (shop) =>
    buildMail(shop, {
      kind: 'password-changed',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.accounts.passwordChanged.subject', { shop: shop.name }),
      blocks: [
        t('mails.accounts.passwordChanged.intro', { shop: shop.name }),
        t('mails.accounts.passwordChanged.notYou'),
        {
          label: t('mails.accounts.passwordChanged.button'),
          url: storefrontLink(input.publicUrl, input.locale, '/forgot-password'),
        },
      ],
    });
}

export function accountDeletedMail(input: { locale: Locale; to: string; name: string }): MailDraft {
  const t = mailWords(input.locale);
  return (shop) =>
    buildMail(shop, {
      kind: 'account-deleted',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.accounts.deleted.subject', { shop: shop.name }),
      blocks: [
        t('mails.accounts.deleted.intro', { shop: shop.name }),
        t('mails.accounts.deleted.orders'),
        t('mails.accounts.deleted.thanks'),
      ],
    });
}

export function accountExistsMail(input: {
  locale: Locale;
  to: string;
  name: string;
  publicUrl: string;
  verifyLink?: string;
}): MailDraft {
  const t = mailWords(input.locale);
  const blocks = (shopName: string): MailBlock[] => [
    t('mails.accounts.exists.intro', { shop: shopName }),
    {
      label: t('mails.accounts.exists.login'),
      url: storefrontLink(input.publicUrl, input.locale, '/login'),
    },
    {
      label: t('mails.accounts.exists.forgot'),
      url: storefrontLink(input.publicUrl, input.locale, '/forgot-password'),
    },
    ...(input.verifyLink
      ? [
          t('mails.accounts.exists.notVerified'),
          { label: t('mails.accounts.verify.button'), url: input.verifyLink },
        ]
      : []),
    t('mails.accounts.exists.notYou'),
  ];
  return (shop) =>
    buildMail(shop, {
      kind: 'account-exists',
      locale: input.locale,
      to: input.to,
      name: input.name,
      subject: t('mails.accounts.exists.subject', { shop: shop.name }),
      blocks: blocks(shop.name),
    });
}
