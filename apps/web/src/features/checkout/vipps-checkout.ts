import type { CartLine } from '@shop/shared';
import type { CartKind } from '../cart/index.js';
import type { CheckoutState } from './order-thunks.js';
import { isSavedDetails, type SavedDetails } from './saved-details.js';

/** What any payment sent to Vipps MobilePay keeps for the return page (issue 32.1). */
interface KeptPayment {
  /** The payment Vipps is asked to approve; the return page's address names it too. */
  paymentId: string;
  kind: CartKind;
  lines: CartLine[];
  /** The cart's coupon: the store forgets it when the page is loaded again. */
  couponCode: string;
}

/**
 * What the card flow keeps in the page between the payment and the order, kept across the trip
 * to Vipps MobilePay (issue 32.1): in this tab's session storage, written right before the
 * redirect and taken (read and removed) by the return page, so it places the order once.
 */
export interface VippsStepsCheckout extends KeptPayment, CheckoutState {
  express?: undefined;
  /** The shipping step's details; none for a store pickup. */
  details?: SavedDetails;
}

/**
 * A Vipps Express payment from the product page or the cart (issue 32.4): the shopper picks
 * address and delivery in the Vipps app, so the order is placed with none of the shop's own.
 */
export interface VippsExpressCheckout extends KeptPayment {
  express: true;
}

export type VippsCheckout = VippsStepsCheckout | VippsExpressCheckout;

const storageKey = 'vipps_checkout';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isCartLine = (value: unknown): value is CartLine =>
  isRecord(value) &&
  isRecord(value.product) &&
  typeof value.product._id === 'string' &&
  Number.isInteger(value.qty) &&
  (value.qty as number) > 0;

const isSteps = (value: Record<string, unknown>) =>
  value.express === undefined &&
  typeof value.shippingPrice === 'number' &&
  Number.isFinite(value.shippingPrice) &&
  typeof value.storePickup === 'boolean' &&
  (value.details === undefined || isSavedDetails(value.details));

// Written by this version of the shop in this tab; anything else (another version) is ignored.
const isVippsCheckout = (value: unknown): value is VippsCheckout =>
  isRecord(value) &&
  typeof value.paymentId === 'string' &&
  value.paymentId !== '' &&
  (value.kind === 'cart' || value.kind === 'buyNow') &&
  (value.express === true || isSteps(value)) &&
  Array.isArray(value.lines) &&
  value.lines.length > 0 &&
  value.lines.every(isCartLine) &&
  typeof value.couponCode === 'string';

export function keepVippsCheckout(checkout: VippsCheckout): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(checkout));
  } catch {
    // Storage refused (private browsing, a full quota): Vipps' webhook still makes the order.
  }
}

/** The kept checkout, removed as it is read; undefined when none (or none readable) is kept. */
export function takeVippsCheckout(): VippsCheckout | undefined {
  try {
    const raw = sessionStorage.getItem(storageKey);
    sessionStorage.removeItem(storageKey);
    if (raw === null) return undefined;
    const value: unknown = JSON.parse(raw);
    return isVippsCheckout(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
