import { buildMail, linkBase, type MailBlock, type MailDraft } from '../mail/index.js';

/** What the accounts module tells a person about their account. */

export function verificationMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  userId: string;
  token: string;
}): MailDraft {
  return (shop) =>
    buildMail(shop, {
      kind: 'verify-email',
      to: input.to,
      name: input.name,
      subject: `Verify your email address at ${shop.name}`,
      blocks: [
        `Thank you for signing up at ${shop.name}. Please confirm your email address with the link below.`,
        {
          label: 'Verify my email address',
          url: `${linkBase(input.publicUrl)}/verify/${input.userId}/${input.token}`,
        },
        'The link is valid for 24 hours. If you did not sign up, you can ignore this mail.',
      ],
    });
}

export function passwordResetMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  token: string;
}): MailDraft {
  return (shop) =>
    buildMail(shop, {
      kind: 'reset-password',
      to: input.to,
      name: input.name,
      subject: `Reset your ${shop.name} password`,
      blocks: [
        `We received a request to reset the password of your ${shop.name} account. Choose a new password with the link below.`,
        {
          label: 'Choose a new password',
          url: `${linkBase(input.publicUrl)}/forgot-password/${input.token}`,
        },
        'The link is valid for 1 hour. If you did not ask for a new password, ignore this mail: your password stays unchanged.',
      ],
    });
}

export function passwordChangedMail(input: {
  to: string;
  name: string;
  publicUrl: string;
}): MailDraft {
  return (shop) =>
    buildMail(shop, {
      kind: 'password-changed',
      to: input.to,
      name: input.name,
      subject: `Your ${shop.name} password was changed`,
      blocks: [
        `The password of your ${shop.name} account was just changed. If that was you, there is nothing more to do.`,
        'If it was not you, choose a new password right away with the link below.',
        { label: 'Reset my password', url: `${linkBase(input.publicUrl)}/forgot-password` },
      ],
    });
}

export function accountDeletedMail(input: { to: string; name: string }): MailDraft {
  return (shop) =>
    buildMail(shop, {
      kind: 'account-deleted',
      to: input.to,
      name: input.name,
      subject: `Your ${shop.name} account was deleted`,
      blocks: [
        `As you asked, your ${shop.name} account and the personal data it held have been deleted.`,
        'Orders you placed are kept for our bookkeeping. The law has us keep your name and address on the receipts of what you paid for, for five years after the end of the year of the sale, and nothing else about you.',
        'Thank you for shopping with us.',
      ],
    });
}

export function accountExistsMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  verifyLink?: string;
}): MailDraft {
  const publicUrl = linkBase(input.publicUrl);
  const blocks = (shopName: string): MailBlock[] => [
    `Someone, perhaps you, tried to sign up at ${shopName} with this email address. It already has an account, so no new account was created.`,
    { label: 'Log in', url: `${publicUrl}/login` },
    { label: 'Forgotten your password? Choose a new one', url: `${publicUrl}/forgot-password` },
    ...(input.verifyLink
      ? [
          'Your email address is not verified yet. Verify it with the link below.',
          { label: 'Verify my email address', url: input.verifyLink },
        ]
      : []),
    'If it was not you, you can ignore this mail.',
  ];
  return (shop) =>
    buildMail(shop, {
      kind: 'account-exists',
      to: input.to,
      name: input.name,
      subject: `You already have a ${shop.name} account`,
      blocks: blocks(shop.name),
    });
}
