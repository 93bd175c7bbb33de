import { z } from 'zod';
import { answerText, idSchema, text } from './common.js';
import { accountServerMessages } from './account-rules.js';
import { loginRequestSchema, sessionUserSchema } from './accounts.js';
import { locales } from './i18n/locale.js';

/** Every role an account can have; customers never reach the back office. */
export const userRoles = ['customer', 'owner', 'staff'] as const;
export type UserRole = (typeof userRoles)[number];

/** The back office's roles: `owner` does everything, `staff` all but staff and settings. */
export const staffRoles = ['owner', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const isStaffRole = (role: UserRole): role is StaffRole =>
  (staffRoles as readonly string[]).includes(role);

/** What the back office's sign-in and guards answer; the admin app shows them as they are. */
export const adminMessages = {
  /** Wrong address, wrong password or no staff role: one answer, so nothing is given away. */
  invalidCredentials: accountServerMessages.invalidCredentials,
  challengeExpired: 'Your sign-in has expired. Please log in again.',
  wrongCode: 'That code is not right. Please try again.',
  codeUsed: 'That code has been used already. Please wait for the next code.',
  wrongRecoveryCode: 'That recovery code is not right or has been used already.',
  codeOrRecoveryCode: 'Enter the code from your authenticator app or one recovery code.',
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeFormat: 'Enter a recovery code as it was shown, such as 12345-67890-12345.',
  staffOnly: 'Only the shop staff can do this.',
  secondFactorNeeded:
    'Please sign in to the back office at /admin/login with the code from your authenticator app.',
  ownerOnly: 'Only the shop owner can do this.',
  /**
   * Too many wrong answers for one account, from any challenge and address: the app's codes
   * wait until `until`, a recovery code does not (issue 29.16).
   */
  codesLocked: (until: string) =>
    `Too many wrong codes for this account. Codes from your authenticator app are refused until ${until} (Norwegian time); a recovery code still works. We have e-mailed you about it.`,
} as const;

export const adminLoginRequestSchema = loginRequestSchema.pick({ email: true, password: true });
export type AdminLoginRequest = z.input<typeof adminLoginRequestSchema>;

const challengeTokenSchema = text({ error: 'challengeToken is required' })
  .min(1, { error: 'challengeToken is required' })
  .max(200);

/** Six digits, as an authenticator app shows them (a space in the middle is fine). */
const totpCodeSchema = text({ error: adminMessages.codeFormat }).regex(/^\s*\d{3}\s?\d{3}\s*$/, {
  error: adminMessages.codeFormat,
});

/** Fifteen digits, with or without the dashes and spaces they were shown with. */
const recoveryCodeSchema = text({ error: adminMessages.recoveryCodeFormat })
  .max(40, { error: adminMessages.recoveryCodeFormat })
  .refine((code) => /^\d{15}$/.test(code.replace(/[\s-]/g, '')), {
    error: adminMessages.recoveryCodeFormat,
  });

/**
 * The password was right: a single-use challenge for the second step. `enrol` until the
 * authenticator is confirmed (a new secret each time), `verify` afterwards.
 */
export const adminLoginResponseSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('enrol'),
    challengeToken: answerText(),
    /** The `otpauth://` link to show as a QR code. */
    otpauthUri: answerText(),
    /** The same secret in base32, for typing into the app by hand. */
    secret: answerText(),
  }),
  z.object({ step: z.literal('verify'), challengeToken: answerText() }),
]);
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

export const adminEnrolRequestSchema = z.object({
  challengeToken: challengeTokenSchema,
  code: totpCodeSchema,
});
export type AdminEnrolRequest = z.input<typeof adminEnrolRequestSchema>;

export const adminVerifyRequestSchema = z
  .object({
    challengeToken: challengeTokenSchema,
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    error: adminMessages.codeOrRecoveryCode,
  });
export type AdminVerifyRequest = z.input<typeof adminVerifyRequestSchema>;

/**
 * A back-office session: the storefront's session user with the staff member's role and the
 * language their back office speaks (issue 31.7).
 */
export const adminSessionSchema = sessionUserSchema.extend({
  role: z.enum(staffRoles),
  locale: z.enum(locales),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminEnrolResponseSchema = z.object({
  /** Ten single-use codes for a lost phone, shown this once. */
  recoveryCodes: z.array(answerText()).length(10),
  session: adminSessionSchema,
});
export type AdminEnrolResponse = z.infer<typeof adminEnrolResponseSchema>;

export const adminVerifyResponseSchema = z.object({ session: adminSessionSchema });
export type AdminVerifyResponse = z.infer<typeof adminVerifyResponseSchema>;

export const adminRefreshRequestSchema = z.object({
  refreshToken: text({ error: 'refreshToken is required' })
    .min(1, { error: 'refreshToken is required' })
    .max(200),
});
export const adminLogoutRequestSchema = adminRefreshRequestSchema;

export const staffMeSchema = z.object({
  id: idSchema,
  name: answerText(),
  email: answerText(),
  role: z.enum(staffRoles),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffMemberSchema = staffMeSchema.extend({
  /** Whether the member has confirmed an authenticator app. */
  secondFactor: z.boolean(),
});
export const staffMembersSchema = z.array(staffMemberSchema);
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * A refused back-office call: the message, and for bad input each refused field's message by
 * its dotted path (`items.2.sku`), so a form marks every field at once.
 */
export const adminErrorSchema = z.object({
  message: answerText(),
  fieldErrors: z.record(answerText(), answerText()).optional(),
});
export type AdminError = z.infer<typeof adminErrorSchema>;
