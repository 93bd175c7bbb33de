import { addressFields, type AddressInput } from '@shop/shared';
import { readStored, storageKeys, writeStored } from '../../lib/storage.js';

/** The shipping and billing details the shipping step saved, under the `details` key (spec §3). */
export interface SavedDetails {
  shippingDetails: AddressInput;
  billingAddress: AddressInput;
}

export const blankAddress = (): AddressInput => ({
  name: '',
  phone: '',
  email: '',
  address: '',
  apartmentNumber: '',
  city: '',
  country: '',
  postalCode: '',
});

const isAddress = (value: unknown): value is AddressInput =>
  typeof value === 'object' &&
  value !== null &&
  addressFields.every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

// What an older version of the shop or another tab stored may differ: anything else is ignored.
export const isSavedDetails = (value: unknown): value is SavedDetails =>
  typeof value === 'object' &&
  value !== null &&
  isAddress((value as SavedDetails).shippingDetails) &&
  isAddress((value as SavedDetails).billingAddress);

export function readSavedDetails(): SavedDetails | undefined {
  return readStored(storageKeys.details, isSavedDetails);
}

export function writeSavedDetails(details: SavedDetails): void {
  writeStored(storageKeys.details, details);
}

export function trimmedAddress(address: AddressInput): AddressInput {
  return Object.fromEntries(
    addressFields.map((field) => [field, address[field].trim()]),
  ) as AddressInput;
}
