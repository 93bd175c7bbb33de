import { tooLongMessage } from './errors.js';

/**
 * The account screens' validation rules and texts (spec §5, §8), word for word. Zod-free so the
 * storefront can use them without loading zod; the server applies the same rules.
 */

export const accountTexts = {
  loginFieldsEmpty: 'The fields can not be empty!',
  signupFieldsEmpty: 'The fields can not be empty',
  invalidEmail: 'Please Enter a valid email',
  weakPassword:
    'Password must contain a combination of numbers, small letters, capital letters and special characters.',
  retypeMismatch: "Passwords don't match",
  forgotEmailInvalid: 'Please enter your email address',
  deleteEmailMismatch: 'Email did not match',
  /**
   * Ours: the spec's sign-up has no message for a name of the wrong shape; this one says the rule
   * the shipping form's 'Invalid Name!' applies to the same name later.
   */
  invalidFullName: 'Please enter your full name: at least two words of 2 or more letters each.',
  verifyEmailNotice: 'Please verify your email.',
  passwordUpdated: 'Your password has been updated!',
  previousPasswordBanner: 'Previous Password does not match.',
  newPasswordsBanner: 'Password does not match.',
  serverErrorSuffix: ' !!',
} as const;

/** Server messages that the storefront maps or reacts to by their exact text. */
export const accountServerMessages = {
  oldPasswordMismatch: 'Old password does not match!',
  newPasswordsMismatch: 'Passwords do not match!',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified:
    'Please verify your email before you log in. We have sent a new verification link to your inbox.',
  /** No new mail: one went out moments ago (the resend interval of the accounts service). */
  emailNotVerifiedLinkRecent:
    'Please verify your email before you log in. A verification link was sent to your inbox in the last few minutes: please use that one.',
  verified: 'Your account is verified. You can log in now.',
  alreadyVerified: 'Your account is already verified.',
  verificationInvalid: 'This verification link is invalid or has expired. Log in to get a new one.',
  forgotPasswordSent:
    'If an account exists for this address, we have sent it a link to reset the password.',
  resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  deleteEmailMismatch: 'Email did not match',
  accountDeleted: 'Your account has been deleted.',
  loggedOut: 'You are logged out.',
  otherUser: 'You can only change your own account.',
  noPasswordToChange:
    'This account signs in with Google or Apple and has no password yet. Use "Forgot Password ?" to set one.',
  guestNotAllowed: 'Please log in with an account to do this.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  wishlistAdded: 'Added to your wishlist',
  wishlistRemoved: 'Removed from your wishlist',
} as const;

/** Login: a basic address with a 2-4 letter top-level ending (VAL-11). */
export const loginEmailPattern = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;
/** Forgot password, shipping form and enquiry: a 2-6 letter ending (VAL-21). */
export const standardEmailPattern = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,6}$/;

/**
 * At least 8 characters with a capital, a small letter, a digit and one of the special
 * characters # ? ! @ $ space % ^ & * - (VAL-14, VAL-15). Other characters are allowed but do not
 * count as special.
 */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[#?!@$ %^&*-]/.test(password)
  );
}

/** Two or more words of at least two letters each; accented letters count (VAL-25, VAL-30). */
const fullNamePattern = /^\s*\p{L}[\p{L}'’.-]*\p{L}(?:\s+\p{L}[\p{L}'’.-]*\p{L})+\s*$/u;

/**
 * The one rule for a person's name: the shipping form's (VAL-30), the enquiry's (VAL-25), and a
 * new account's, so an account's name is one the shipping form takes.
 */
export function isValidFullName(name: string): boolean {
  return fullNamePattern.test(name);
}

/** Longest password accepted: argon2 hashes anything, but a megabyte password is an attack. */
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

/** The longest value of each field of the account's details the edit modal saves. */
export const profileFieldMaxLengths = {
  name: MAX_NAME_LENGTH,
  phone: 40,
  address: 200,
  apartmentNumber: 200,
  postalCode: 20,
  city: 100,
} as const;
export type ProfileTextField = keyof typeof profileFieldMaxLengths;

/** How the edit modal's messages name its fields. */
export const profileFieldLabels: Record<ProfileTextField, string> = {
  name: 'Name',
  phone: 'Phone',
  address: 'Address',
  apartmentNumber: 'Address line 2',
  postalCode: 'Postal code',
  city: 'City',
};

/** Addresses are compared and stored without case and surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface LoginForm {
  email: string;
  password: string;
}

export interface SignupForm {
  name: string;
  email: string;
  password: string;
  retypePassword: string;
}

export interface ResetPasswordForm {
  password: string;
  retypePassword: string;
}

/** The edit modal's fields that have rules; the password ones count only when it is changed. */
export interface ProfileForm extends Record<ProfileTextField, string> {
  changePassword: boolean;
  newPassword: string;
  newPassword1: string;
}

/** What the edit modal answers for a blank name (ours: the spec gives no text). */
export const nameRequiredMessage = 'Name is required';

/**
 * The account forms show one message above their fields: the first problem found, here with
 * the field it concerns, or undefined when the form can be sent.
 */
export interface FormProblem<Field extends string> {
  field: Field;
  message: string;
}

const problem = <Field extends string>(field: Field, message: string): FormProblem<Field> => ({
  field,
  message,
});

/** The login form (VAL-10, VAL-11). */
export function loginFormProblem(form: LoginForm): FormProblem<keyof LoginForm> | undefined {
  if (!form.email.trim()) return problem('email', accountTexts.loginFieldsEmpty);
  if (!form.password) return problem('password', accountTexts.loginFieldsEmpty);
  if (!loginEmailPattern.test(form.email.trim()))
    return problem('email', accountTexts.invalidEmail);
  return undefined;
}

/** The sign-up form (VAL-12 to VAL-16), with the shipping form's name rule. */
export function signupFormProblem(form: SignupForm): FormProblem<keyof SignupForm> | undefined {
  if (!form.name.trim()) return problem('name', accountTexts.signupFieldsEmpty);
  if (!form.email.trim()) return problem('email', accountTexts.signupFieldsEmpty);
  if (!form.password) return problem('password', accountTexts.signupFieldsEmpty);
  if (!form.retypePassword) return problem('retypePassword', accountTexts.signupFieldsEmpty);
  if (!isValidFullName(form.name)) return problem('name', accountTexts.invalidFullName);
  if (form.name.trim().length > MAX_NAME_LENGTH)
    return problem('name', tooLongMessage(profileFieldLabels.name, MAX_NAME_LENGTH));
  if (!loginEmailPattern.test(form.email.trim()))
    return problem('email', accountTexts.invalidEmail);
  if (!isStrongPassword(form.password)) return problem('password', accountTexts.weakPassword);
  if (form.password !== form.retypePassword)
    return problem('retypePassword', accountTexts.retypeMismatch);
  return undefined;
}

/** Forgot password: empty or invalid both answer the same text (VAL-20, VAL-21). */
export function forgotPasswordProblem(form: { email: string }): FormProblem<'email'> | undefined {
  return standardEmailPattern.test(form.email.trim())
    ? undefined
    : problem('email', accountTexts.forgotEmailInvalid);
}

/** The new password of a reset link (VAL-19). */
export function resetPasswordProblem(
  form: ResetPasswordForm,
): FormProblem<keyof ResetPasswordForm> | undefined {
  if (!isStrongPassword(form.password)) return problem('password', accountTexts.weakPassword);
  if (form.password !== form.retypePassword)
    return problem('retypePassword', accountTexts.retypeMismatch);
  return undefined;
}

/**
 * A name the edit modal may save: the sign-up rule for a new name, while an account made before
 * that rule keeps a name it already has (a one-word name still signs in and edits the rest).
 */
export function profileNameProblem(name: string, savedName: string): string | undefined {
  if (!name.trim()) return nameRequiredMessage;
  if (name.trim() !== savedName.trim() && !isValidFullName(name))
    return accountTexts.invalidFullName;
  return undefined;
}

/**
 * The edit modal (VAL-17): a name (see `profileNameProblem`), details within their lengths, and
 * a strong new password typed twice when it is changed.
 */
export function profileFormProblem(
  form: ProfileForm,
  savedName: string,
): FormProblem<ProfileTextField | 'newPassword' | 'newPassword1'> | undefined {
  const nameProblem = profileNameProblem(form.name, savedName);
  if (nameProblem) return problem('name', nameProblem);
  for (const [field, max] of Object.entries(profileFieldMaxLengths) as [ProfileTextField, number][])
    if (form[field].trim().length > max)
      return problem(field, tooLongMessage(profileFieldLabels[field], max));
  if (!form.changePassword) return undefined;
  if (!isStrongPassword(form.newPassword)) return problem('newPassword', accountTexts.weakPassword);
  if (form.newPassword !== form.newPassword1)
    return problem('newPassword1', accountTexts.newPasswordsBanner);
  return undefined;
}

/**
 * Maps the two server messages of the edit modal to their banners (ERR-08, ERR-09). The server
 * answers in the page's language: `inPageLanguage` writes its English messages the same way, so
 * they are recognised in either.
 */
export function profileUpdateBanner(
  serverMessage: string,
  inPageLanguage: (english: string) => string = (english) => english,
): string {
  if (serverMessage === inPageLanguage(accountServerMessages.oldPasswordMismatch))
    return accountTexts.previousPasswordBanner;
  if (serverMessage === inPageLanguage(accountServerMessages.newPasswordsMismatch))
    return accountTexts.newPasswordsBanner;
  return serverMessage;
}
