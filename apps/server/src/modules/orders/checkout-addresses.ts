import { addressRequestSchema, type SavedAddress } from '@shop/shared';
import { InvalidError } from '../../domain-errors.js';
import { isMessageKey } from '../../i18n/i18n.js';
import { findCountry } from '../countries/index.js';
import type { Checkout } from './orders.service.js';

/*
 * The addresses of a checkout: checked with the shipping form's rules, and going where the
 * shipping was priced for.
 */

export interface ClaimingShopper {
  userId: string;
  shippingDetails: unknown;
  billingDetails: unknown;
}

/** Whether a client sent an address at all: old clients send none, or a blank one. */
export function isGiven(address: unknown): boolean {
  return (
    typeof address === 'object' &&
    address !== null &&
    Object.values(address).some((value) => typeof value === 'string' && value.trim() !== '')
  );
}

/**
 * The addresses a shopper sent, checked with the shipping form's rules (400 with the first
 * problem) and going where the shipping was priced for; stored with alpha-2 countries whichever
 * ISO code the client sent. The billing address falls back to the shipping one.
 */
export function validAddresses(
  shopper: { shippingDetails: unknown; billingDetails: unknown },
  country: string,
  postalCode: string,
): { shippingDetails: SavedAddress; billingDetails: SavedAddress } {
  const shipping = addressRequestSchema('shipping').safeParse(shopper.shippingDetails ?? {});
  if (!shipping.success) {
    const message = shipping.error.issues[0]?.message;
    throw message !== undefined && isMessageKey(message)
      ? new InvalidError(message)
      : new InvalidError('errors.untranslated', {
          values: { message: message ?? 'Invalid address' },
        });
  }
  const billing = addressRequestSchema('billing').safeParse(
    shopper.billingDetails ?? shopper.shippingDetails ?? {},
  );
  const withAlpha2 = (address: SavedAddress): SavedAddress => ({
    ...address,
    country: findCountry(address.country)?.alpha2 ?? address.country,
  });
  const shippingDetails = withAlpha2(shipping.data);
  if (
    shippingDetails.country !== country ||
    shippingDetails.postalCode.replace(/\s/g, '') !== postalCode.replace(/\s/g, '')
  )
    throw new InvalidError('errors.checkout.addressMismatch');
  return {
    shippingDetails,
    billingDetails: billing.success ? withAlpha2(billing.data) : shippingDetails,
  };
}

/**
 * The delivery addresses of an order: the ones kept with the payment (sent with it, or the
 * user's saved details), or, when the payment has none, the ones sent with the order.
 */
export function orderAddresses(checkout: Checkout, shopper: ClaimingShopper | undefined) {
  if (checkout.storePickup) return { shippingDetails: null, billingDetails: null };
  if (checkout.shippingDetails)
    return {
      shippingDetails: checkout.shippingDetails,
      billingDetails: checkout.billingDetails ?? checkout.shippingDetails,
    };
  if (!shopper) return { shippingDetails: null, billingDetails: null };
  return validAddresses(shopper, checkout.country, checkout.postalCode);
}
