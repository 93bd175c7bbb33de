import { z } from 'zod';
import { answerText, idSchema, text } from './common.js';
import { emailSchema, nameSchema, newPasswordSchema, passwordSchema } from './accounts.js';
import { staffRoles } from './admin.js';
import { locales } from './i18n/locale.js';

/** Days an invitation link stays valid. */
export const INVITATION_DAYS = 7;

export const staffTexts = {
  alreadyStaff: (email: string) => `${email} is already on the staff.`,
  invitationGone:
    'This invitation has expired, was withdrawn or has been used already. Ask the shop owner for a new one.',
  invitationNotFound: 'Invitation not found',
  memberNotFound: 'Staff member not found',
  notYourself: 'You cannot change your own role or remove yourself.',
  lastOwner: 'The shop needs at least one owner. Make someone else an owner first.',
  existingAccountPassword:
    'An account with this e-mail exists: enter its password to join the staff with it.',
  roleRequired: 'Choose a role: owner or staff',
} as const;

const roleSchema = z.enum(staffRoles, { error: staffTexts.roleRequired });

export const staffInvitationRequestSchema = z.object({ email: emailSchema, role: roleSchema });
export type StaffInvitationRequest = z.input<typeof staffInvitationRequestSchema>;

export const staffInvitationSchema = z.object({
  id: idSchema,
  email: answerText(),
  role: z.enum(staffRoles),
  invitedBy: answerText(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
export const staffInvitationsSchema = z.array(staffInvitationSchema);

export const staffRoleRequestSchema = z.object({ role: roleSchema });

/** The signed-in staff member's back-office language (issue 31.7). */
export const staffLocaleRequestSchema = z.object({
  locale: z.enum(locales, { error: 'locale must be nb or en' }),
});
export type StaffLocaleRequest = z.infer<typeof staffLocaleRequestSchema>;

/** What the invitation page shows before the invitee answers it. */
export const invitationDetailsSchema = z.object({
  email: answerText(),
  role: z.enum(staffRoles),
  /** The address has an account: the invitee proves it with its password instead of a new one. */
  existingAccount: z.boolean(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

export const invitationTokenSchema = text({ error: staffTexts.invitationGone })
  .min(1, { error: staffTexts.invitationGone })
  .max(200, { error: staffTexts.invitationGone });

/**
 * Accepting an invitation: a new account's name and password, or an existing account's password
 * (the name is then ignored).
 */
export const invitationAcceptRequestSchema = z.discriminatedUnion('existingAccount', [
  z.object({
    token: invitationTokenSchema,
    existingAccount: z.literal(false),
    name: nameSchema,
    password: newPasswordSchema,
  }),
  z.object({
    token: invitationTokenSchema,
    existingAccount: z.literal(true),
    password: passwordSchema,
  }),
]);
export type InvitationAcceptRequest = z.input<typeof invitationAcceptRequestSchema>;
