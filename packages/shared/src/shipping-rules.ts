import { isValidFullName, standardEmailPattern } from './account-rules.js';
import { tooLongMessage } from './errors.js';

/**
 * The shipping step's texts and field rules (spec §2, §5), word for word, misspellings
 * included. Zod-free so the storefront can use them without loading zod; the server applies
 * the same rules to the addresses it saves.
 */
export const shippingTexts = {
  invalidName: 'Invalid Name!',
  invalidPhone: 'Invalid Phone!',
  invalidBillingPhone: 'Invalid Phone',
  invalidEmail: 'Invalid Email!',
  invalidAddress: 'Invalid Address!',
  invalidCountry: 'Invalid Country!',
  invalidBillingPostalCode: 'Invalid Postal Code!',
  /** Ours: the save call's answer; the form shows the shipping quote's refusal instead. */
  postalCodeRequired: 'Shipping postal code is required',
  invalidCity: 'Invalid city!',
  invalidBillingCity: 'Invalid City!',
  phoneTooltip: 'In case we needed to contact you',
  postalCodePlaceholder: '0010 – 9990',
  orderPlaced: 'Your Order Has been Placed Sucessfully!!!',
  pickupNotice: 'Please visit our store to get your order.',
} as const;

export type AddressKind = 'shipping' | 'billing';

export const addressFields = [
  'name',
  'phone',
  'email',
  'address',
  'apartmentNumber',
  'city',
  'country',
  'postalCode',
] as const;
export type AddressField = (typeof addressFields)[number];
export type AddressInput = Record<AddressField, string>;
export type AddressErrors = Partial<Record<AddressField, string>>;

/**
 * The longest value of each address field the shop stores; the forms' inputs take no more
 * (`maxLength`) and the server refuses more with `addressFieldTooLong`.
 */
export const addressFieldMaxLengths: Record<AddressField, number> = {
  name: 200,
  phone: 200,
  email: 200,
  address: 200,
  apartmentNumber: 200,
  city: 200,
  country: 3,
  postalCode: 20,
};

const addressFieldLabels: Record<AddressField, string> = {
  name: 'Full name',
  phone: 'Phone number',
  email: 'Email',
  address: 'Address',
  apartmentNumber: 'Address line 2',
  city: 'City',
  country: 'Country',
  postalCode: 'Postal code',
};

/** 'Address is too long (at most 200 characters).' */
export const addressFieldTooLong = (field: AddressField) =>
  tooLongMessage(addressFieldLabels[field], addressFieldMaxLengths[field]);

/**
 * Why a Norwegian postal code is refused, in the words the shipping quote answers and the
 * shipping form shows at the postal code (ERR-20).
 */
export const norwegianPostalCodeMessages = {
  invalid: 'Please enter a valid Norwegian postal code',
  svalbard: 'We cannot deliver to Svalbard. Please choose Store Pickup or another address.',
  janMayen: 'We cannot deliver to Jan Mayen. Please choose Store Pickup or another address.',
  svalbardAndJanMayen:
    'We cannot deliver to Svalbard and Jan Mayen. Please choose Store Pickup or another address.',
} as const;

/** Norway's postal codes: four digits (the register says which exist). */
const norwegianPostalCodePattern = /^\d{4}$/;

/**
 * Posten numbers the country from 0001 (Oslo) to 9991 (Båtsfjord): 0000 and 9992–9999 are no
 * one's code. Within the range a code the register lacks may be new, and passes (issue 14).
 */
const FIRST_NORWEGIAN_POSTAL_CODE = 1;
const LAST_NORWEGIAN_POSTAL_CODE = 9991;

/** Svalbard's postal codes are 9170–9179 (Longyearbyen, Ny-Ålesund, Barentsburg, ...). */
const svalbardPostalCode = /^917\d$/;
const JAN_MAYEN_POSTAL_CODE = '8099';

/** Norway, as the forms (alpha-3) and the stored addresses (alpha-2) name it. */
function isNorway(country: string): boolean {
  const code = country.trim().toUpperCase();
  return code === 'NO' || code === 'NOR';
}

/** Why `code` is not a Norwegian postal code: not four digits, or outside Posten's numbers. */
export function norwegianPostalCodeProblem(code: string): string | undefined {
  const trimmed = code.trim();
  if (!norwegianPostalCodePattern.test(trimmed)) return norwegianPostalCodeMessages.invalid;
  const number = Number(trimmed);
  return number < FIRST_NORWEGIAN_POSTAL_CODE || number > LAST_NORWEGIAN_POSTAL_CODE
    ? norwegianPostalCodeMessages.invalid
    : undefined;
}

/**
 * Why goods cannot go to a Norwegian postal code: Svalbard and Jan Mayen by name, whatever the
 * register says (ORDER-10), else what `norwegianPostalCodeProblem` finds.
 */
export function norwegianDeliveryProblem(code: string): string | undefined {
  const trimmed = code.trim();
  if (svalbardPostalCode.test(trimmed)) return norwegianPostalCodeMessages.svalbard;
  if (trimmed === JAN_MAYEN_POSTAL_CODE) return norwegianPostalCodeMessages.janMayen;
  return norwegianPostalCodeProblem(trimmed);
}

const blank = (value: string) => value.trim() === '';

/**
 * The postal code's message when it is given: a Norwegian shipping address must be one the shop
 * delivers to, a Norwegian billing address a real code ('Invalid Postal Code!' for billing, as
 * for an empty one); other countries are checked by the shipping quote.
 */
function postalCodeProblem(address: AddressInput, kind: AddressKind): string | undefined {
  if (!isNorway(address.country)) return undefined;
  if (kind === 'shipping') return norwegianDeliveryProblem(address.postalCode);
  return norwegianPostalCodeProblem(address.postalCode)
    ? shippingTexts.invalidBillingPostalCode
    : undefined;
}

/**
 * The inline messages of one address form (VAL-29 to VAL-42). Address line 2 is optional, as
 * its label says (VAL-36). The shipping form's postal code shows the shipping-price error
 * instead of a message of its own (VAL-38): the quote refuses an empty one too, and answers a
 * Norwegian one in the same words as here. A value longer than its field is refused in words.
 */
export function addressErrors(address: AddressInput, kind: AddressKind): AddressErrors {
  const billing = kind === 'billing';
  const errors: AddressErrors = {};
  if (!isValidFullName(address.name)) errors.name = shippingTexts.invalidName;
  if (blank(address.phone))
    errors.phone = billing ? shippingTexts.invalidBillingPhone : shippingTexts.invalidPhone;
  if (!standardEmailPattern.test(address.email.trim())) errors.email = shippingTexts.invalidEmail;
  if (blank(address.address)) errors.address = shippingTexts.invalidAddress;
  if (blank(address.country)) errors.country = shippingTexts.invalidCountry;
  if (blank(address.postalCode))
    errors.postalCode = billing
      ? shippingTexts.invalidBillingPostalCode
      : shippingTexts.postalCodeRequired;
  else {
    const problem = postalCodeProblem(address, kind);
    if (problem) errors.postalCode = problem;
  }
  if (blank(address.city))
    errors.city = billing ? shippingTexts.invalidBillingCity : shippingTexts.invalidCity;
  for (const field of addressFields)
    if (errors[field] === undefined && address[field].trim().length > addressFieldMaxLengths[field])
      errors[field] = addressFieldTooLong(field);
  return errors;
}
