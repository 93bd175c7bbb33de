import { buildMail, linkBase, type MailDraft } from '../mail/index.js';

export function staffInvitationMail(input: {
  to: string;
  invitedBy: string;
  role: 'owner' | 'staff';
  publicUrl: string;
  token: string;
  validDays: number;
}): MailDraft {
  return (shop) =>
    buildMail(shop, {
      kind: 'staff-invitation',
      to: input.to,
      name: '',
      subject: `You are invited to the ${shop.name} back office`,
      blocks: [
        `${input.invitedBy} invites you to run ${shop.name} with them, as ${input.role === 'owner' ? 'an owner' : 'a member of the staff'}. Accept with the link below: you choose your password there, then set up an authenticator app on your phone for signing in.`,
        {
          label: 'Accept the invitation',
          url: `${linkBase(input.publicUrl)}/admin/invitation/${input.token}`,
        },
        `The link works once and for ${input.validDays} days. If you did not expect this mail, ignore it.`,
      ],
    });
}

/**
 * A staff member's authenticator codes are locked after too many wrong ones: someone who has
 * their password is guessing, or they are mistyping. Either way they should know, and how to
 * get back in.
 */
export function secondFactorLockedMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  wrongCodes: number;
  /** When the codes are taken again, as a person in Norway reads it. */
  lockedUntil: string;
}): MailDraft {
  return (shop) =>
    buildMail(shop, {
      kind: 'second-factor-locked',
      to: input.to,
      name: input.name,
      subject: `Sign-in codes paused for your ${shop.name} back office account`,
      blocks: [
        `Your password was right, then ${input.wrongCodes} wrong codes were entered in a row at the back office sign-in. To keep the shop safe, codes from your authenticator app are refused until ${input.lockedUntil} (Norwegian time).`,
        'If it was you: wait until then, or sign in now with one of your recovery codes.',
        'If it was not you, someone knows your password. Choose a new one right away with the link below.',
        { label: 'Choose a new password', url: `${linkBase(input.publicUrl)}/forgot-password` },
      ],
    });
}
