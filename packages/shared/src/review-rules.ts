import { isValidFullName, MAX_EMAIL_LENGTH, standardEmailPattern } from './account-rules.js';
import { tooLongMessage } from './errors.js';

/**
 * The review dialog's and the cleaning enquiry's rules and texts (spec §5, §8, §9), word for
 * word, misspellings included. Zod-free so the storefront can use them without loading zod;
 * the server applies the same rules.
 */
export const reviewTexts = {
  required: 'Required!',
  tooShort: 'Too short!',
  tooLong: 'Too long!',
  placeholder: 'Write a review...',
  addTitle: 'Add Review',
  updateTitle: 'Update Review',
  attachImages: 'Attach Images',
  noReviews: 'No reviews found',
  verifiedPurchase: 'Verified Purchase',
  nothingToReview: 'There is no item to review',
  noHistory: 'You have not given any reviews yet',
  loadError: 'Some error occured. Please try again later.',
  uploadError: 'Some error occured. Please try again',
  remarks: 'Remarks:',
  resubmit: 'Re-submit',
} as const;

export const REVIEW_MIN_LENGTH = 8;
export const REVIEW_MAX_LENGTH = 500;
export const MAX_REVIEW_IMAGES = 6;
/** Product names are cut at this length in the review dialog and lists (CONST-08). */
export const REVIEW_NAME_LENGTH = 30;

export const reviewStatuses = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** The four sorts of a product's reviews (RATING-06). */
export const reviewSorts = ['date:-1', 'date:1', 'rating:-1', 'rating:1'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/** The review text's message, or undefined when it can be sent (VAL-44 to VAL-47). */
export function reviewTextError(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return reviewTexts.required;
  if (trimmed.length < REVIEW_MIN_LENGTH) return reviewTexts.tooShort;
  if (trimmed.length > REVIEW_MAX_LENGTH) return reviewTexts.tooLong;
  return undefined;
}

export function reviewRatingError(rating: number | undefined): string | undefined {
  return rating !== undefined && Number.isInteger(rating) && rating >= 1 && rating <= 5
    ? undefined
    : reviewTexts.required;
}

/** A product name cut at 30 characters plus an ellipsis (MYREV-06, REVDLG-02). */
export function shortProductName(name: string): string {
  return name.length > REVIEW_NAME_LENGTH ? `${name.slice(0, REVIEW_NAME_LENGTH)}...` : name;
}

export const enquiryTexts = {
  invalidName: 'Please Enter a valid name!',
  invalidEmail: 'Please Enter a valid email!',
  invalidPhone: 'Please Enter a valid phone!',
  allRequired: 'All fields are required !',
  success: 'Your Enquiry has been successfully placed !',
  failure: 'Something went wrong, Please try again later.',
  received: 'Your enquiry has been received.',
} as const;

export interface EnquiryForm {
  fullname: string;
  email: string;
  phone: string;
  message: string;
}
export type EnquiryField = keyof EnquiryForm;
export type EnquiryErrors = Partial<Record<EnquiryField, string>>;

export const MAX_ENQUIRY_MESSAGE_LENGTH = 2000;

/** The longest value of each enquiry field; the dialog's fields take no more. */
export const enquiryFieldMaxLengths: Record<EnquiryField, number> = {
  fullname: 200,
  email: MAX_EMAIL_LENGTH,
  phone: 40,
  message: MAX_ENQUIRY_MESSAGE_LENGTH,
};

const enquiryFieldLabels: Record<EnquiryField, string> = {
  fullname: 'Full name',
  email: 'Email',
  phone: 'Phone',
  message: 'Message',
};

/**
 * A phone number as people write one: digits with spaces, dashes, dots or brackets between
 * them, one + at most before the first digit ('+47 …', '(+47) …'), and 5 to 15 digits (E.164's
 * longest number has 15; Norway's short numbers have 5).
 */
const phoneShape = /^[\s(]*\+?[\d\s().-]+$/;
const MIN_PHONE_DIGITS = 5;
const MAX_PHONE_DIGITS = 15;

export function isPhoneNumber(phone: string): boolean {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '').length;
  return phoneShape.test(trimmed) && digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
}

/**
 * The enquiry's field messages (VAL-24 to VAL-28); the message is optional, but no longer than
 * 2,000 characters, and the phone must look like one (VAL-27's message, which a blank one gets).
 */
export function enquiryErrors(form: EnquiryForm): EnquiryErrors {
  const errors: EnquiryErrors = {};
  if (!isValidFullName(form.fullname)) errors.fullname = enquiryTexts.invalidName;
  if (!standardEmailPattern.test(form.email.trim())) errors.email = enquiryTexts.invalidEmail;
  if (!isPhoneNumber(form.phone)) errors.phone = enquiryTexts.invalidPhone;
  for (const [field, max] of Object.entries(enquiryFieldMaxLengths) as [EnquiryField, number][])
    if (errors[field] === undefined && form[field].trim().length > max)
      errors[field] = tooLongMessage(enquiryFieldLabels[field], max);
  return errors;
}
