import { z } from 'zod';
import { answerText, idSchema, text } from './common.js';
import { tooLongMessage } from './errors.js';
import { locales } from './i18n/locale.js';
import {
  accountTexts,
  forgotPasswordProblem,
  isStrongPassword,
  isValidFullName,
  loginEmailPattern,
  loginFormProblem,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  nameRequiredMessage,
  normalizeEmail,
  profileFieldLabels,
  profileFieldMaxLengths,
  profileFormProblem,
  type ProfileTextField,
  resetPasswordProblem,
  signupFormProblem,
  type FormProblem,
} from './account-rules.js';

export const accountProviders = ['local', 'google', 'apple', 'guest'] as const;
export type AccountProvider = (typeof accountProviders)[number];

export const emailSchema = text({ error: accountTexts.invalidEmail })
  .max(MAX_EMAIL_LENGTH, { error: accountTexts.invalidEmail })
  .refine((email) => loginEmailPattern.test(email.trim()), { error: accountTexts.invalidEmail })
  .transform(normalizeEmail);

/** A password a client sends to log in: only its size is limited. */
export const passwordSchema = text({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .max(MAX_PASSWORD_LENGTH, {
    error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  });

/** A new password: the strength rule of VAL-14 applies on the server as well. */
export const newPasswordSchema = passwordSchema.refine(isStrongPassword, {
  error: accountTexts.weakPassword,
});

export const nameSchema = text({ error: nameRequiredMessage })
  .trim()
  .min(1, { error: nameRequiredMessage })
  .max(MAX_NAME_LENGTH, { error: tooLongMessage(profileFieldLabels.name, MAX_NAME_LENGTH) });

/** A new account's name: the shipping form's name rule, so the account's name ships. */
const newAccountNameSchema = nameSchema.refine(isValidFullName, {
  error: accountTexts.invalidFullName,
});

/** The session user of spec §3; `email` is empty for a guest. */
export const sessionUserSchema = z.object({
  _id: idSchema,
  name: answerText(),
  email: answerText(),
  provider: z.enum(accountProviders),
  accessToken: answerText(),
  refreshToken: answerText(),
  currencyCode: answerText(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * `GET /api/google-user?optional=true` (ours) answers 204 instead of 401 when no social sign-in
 * is waiting: the storefront asks on every visit, and a 401 there is a console error in every
 * visitor's browser for what is the usual case. Without the parameter the call is as the
 * contract has it.
 */
export const googleUserQuerySchema = z.object({
  optional: z.literal('true', { error: 'optional must be true' }).optional(),
});

export const signupRequestSchema = z.object({
  name: newAccountNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  provider: z.literal('local', { error: 'provider must be local' }).optional(),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const statusResponseSchema = z.object({ status: z.literal('success') });
export const messageResponseSchema = z.object({ message: answerText() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const loginRequestSchema = z.object({
  email: text({ error: 'Email is required' })
    .max(MAX_EMAIL_LENGTH, { error: accountTexts.invalidEmail })
    .transform(normalizeEmail),
  password: passwordSchema,
  provider: z.literal('local', { error: 'provider must be local' }).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const refreshRequestSchema = z.object({
  refreshToken: text({ error: 'refreshToken is required' }).min(1).max(200),
});

export const logoutRequestSchema = z.object({ refreshToken: text().max(200).optional() });

export const verifyParamsSchema = z.object({
  id: idSchema,
  token: text().min(1).max(200),
});

export const tokenParamsSchema = z.object({ token: text().min(1).max(200) });

export const forgotPasswordRequestSchema = z.object({
  email: text({ error: accountTexts.forgotEmailInvalid }).max(MAX_EMAIL_LENGTH),
});

export const resetPasswordRequestSchema = z.object({ password: newPasswordSchema });

/** Shipping or billing details as saved for a user (the shipping step fills them). */
export const savedAddressSchema = z.object({
  name: answerText(),
  phone: answerText(),
  email: answerText(),
  address: answerText(),
  apartmentNumber: answerText(),
  city: answerText(),
  country: answerText(),
  postalCode: answerText(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const profileSchema = z.object({
  _id: idSchema,
  name: answerText(),
  email: answerText(),
  phone: answerText(),
  address: answerText(),
  apartmentNumber: answerText(),
  postalCode: answerText(),
  city: answerText(),
  /** ISO 3166 alpha-2, empty when not given. */
  country: answerText(),
  currencyCode: answerText(),
  /** ISO 3166 alpha-3 of `country` (NOR for Norway), as the old product's selector uses. */
  ISOCode: answerText(),
  provider: z.enum(accountProviders),
  shippingDetails: savedAddressSchema.nullable().optional(),
  billingAddress: savedAddressSchema.nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.object({ user: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

const profileText = (field: Exclude<ProfileTextField, 'name'>) =>
  text({ error: `${profileFieldLabels[field]} must be text` })
    .trim()
    .max(profileFieldMaxLengths[field], {
      error: tooLongMessage(profileFieldLabels[field], profileFieldMaxLengths[field]),
    });

/**
 * The edit modal's body. Unknown keys (role, provider, email, verified state...) are dropped:
 * none of them can be set through this call.
 */
export const profileUpdateRequestSchema = z.object({
  name: nameSchema,
  phone: profileText('phone').default(''),
  address: profileText('address').default(''),
  apartmentNumber: profileText('apartmentNumber').default(''),
  postalCode: profileText('postalCode').default(''),
  city: profileText('city').default(''),
  country: text()
    .trim()
    .regex(/^([A-Za-z]{2,3})?$/, { error: 'country must be an ISO 3166 code' })
    .default(''),
  countryDetails: z
    .looseObject({
      ISOCode: text().max(3).optional(),
      CurrencyCode: text().max(3).optional(),
    })
    .nullish(),
  updatePassword: z.boolean().optional(),
  previousPassword: text().max(MAX_PASSWORD_LENGTH).optional(),
  newPassword: text().max(MAX_PASSWORD_LENGTH).optional(),
  newPassword1: text().max(MAX_PASSWORD_LENGTH).optional(),
  /** The language of the customer's mails (ours): the storefront sends its page's; absent keeps it. */
  locale: z.enum(locales, { error: 'locale must be nb or en' }).optional(),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const deleteAccountRequestSchema = z.object({
  email: text({ error: accountTexts.deleteEmailMismatch }).max(MAX_EMAIL_LENGTH),
});

export const wishlistToggleRequestSchema = z.object({ productId: idSchema });

/** Which social sign-ins the server is configured for (ours); the login page shows the rest as not set up. */
export const authProvidersResponseSchema = z.object({ google: z.boolean(), apple: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/**
 * The account forms' schemas (react-hook-form validates with them). Each reports only the
 * form's first problem, at the field it concerns, since the form shows one message above its
 * fields (spec §5); the values are not transformed.
 */
function firstProblemOnly<Form>(find: (form: Form) => FormProblem<string> | undefined) {
  return (form: Form, context: z.RefinementCtx<Form>) => {
    const found = find(form);
    if (found) context.addIssue({ code: 'custom', path: [found.field], message: found.message });
  };
}

/** Login and sign-up are one form toggled in place (LOGIN-01), which keeps what was typed. */
const authForm = z.object({
  name: text(),
  email: text(),
  password: text(),
  retypePassword: text(),
});
export type AuthFormValues = z.infer<typeof authForm>;

export const loginFormSchema = authForm.superRefine(firstProblemOnly(loginFormProblem));
export const signupFormSchema = authForm.superRefine(firstProblemOnly(signupFormProblem));

export const forgotPasswordFormSchema = z
  .object({ email: text() })
  .superRefine(firstProblemOnly(forgotPasswordProblem));

export const resetPasswordFormSchema = z
  .object({ password: text(), retypePassword: text() })
  .superRefine(firstProblemOnly(resetPasswordProblem));

const profileFormFields = z.object({
  name: text(),
  phone: text(),
  address: text(),
  apartmentNumber: text(),
  postalCode: text(),
  city: text(),
  country: text(),
  changePassword: z.boolean(),
  previousPassword: text(),
  newPassword: text(),
  newPassword1: text(),
});
export type ProfileFormValues = z.infer<typeof profileFormFields>;

/**
 * The edit modal of an account named `savedName` (a name it keeps needs no new rule); `country`
 * is the ISO 3166 alpha-3 code the country list names, or empty.
 */
export const profileFormSchema = (savedName: string) =>
  profileFormFields.superRefine(
    firstProblemOnly((form: ProfileFormValues) => profileFormProblem(form, savedName)),
  );
