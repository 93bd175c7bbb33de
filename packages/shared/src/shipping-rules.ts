import { standardEmailPattern } from './account-rules.js';

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

/** Two or more words of at least two letters each; accented letters count (VAL-30). */
const fullNamePattern = /^\s*\p{L}[\p{L}'’.-]*\p{L}(?:\s+\p{L}[\p{L}'’.-]*\p{L})+\s*$/u;

export function isValidFullName(name: string): boolean {
  return fullNamePattern.test(name);
}

const blank = (value: string) => value.trim() === '';

/**
 * The inline messages of one address form (VAL-29 to VAL-42). Address line 2 is optional, as
 * its label says (VAL-36). The shipping form's postal code shows the shipping-price error
 * instead of a message of its own (VAL-38): the quote refuses an empty one too.
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
  if (blank(address.city))
    errors.city = billing ? shippingTexts.invalidBillingCity : shippingTexts.invalidCity;
  return errors;
}

/** Norway's postal codes: four digits (the register says which exist). */
export const norwegianPostalCodePattern = /^\d{4}$/;
