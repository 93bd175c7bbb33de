import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import {
  type AddressInput,
  type CartLine,
  type CreatePaymentRequest,
  type CreatePaymentResponse,
  type Order,
  type PaymentMethod,
  type PlaceOrderRequest,
  type ShippingStepForm,
  type VippsExpressRequest,
} from '@shop/shared';
import type { RootState } from '../../lib/store-hooks.js';
import { authRequest, isAccountUser } from '../accounts/index.js';
import { failureMessage } from '../../lib/failure-message.js';
import { boughtNow, cartLines, orderPlaced, stockChecked, type CartKind } from '../cart/index.js';
import {
  detailsLookupChanged,
  detailsSaveFailed,
  orderErrorsReset,
  orderPlaceFailed,
  orderPlaceStarted,
  orderPlaceSucceeded,
  shippingPriceFailed,
} from './order-slice.js';
import {
  blankAddress,
  trimmedAddress,
  writeSavedDetails,
  type SavedDetails,
} from './saved-details.js';
import { apiRequest, ApiError } from '../../lib/api-client.js';
import { browserWindow } from '../../lib/browser-window.js';
import { keepVippsCheckout, takeVippsCheckout, type VippsCheckout } from './vipps-checkout.js';

type OrderThunk<Result> = ThunkAction<Result, RootState, unknown, UnknownAction>;

/** What the payment page is opened with (CHECKOUT-02). */
export interface CheckoutState {
  shippingPrice: number;
  storePickup: boolean;
}

export const checkoutPath = (kind: CartKind) =>
  kind === 'cart' ? '/checkout' : '/checkout/buy-now';
export const shippingPath = (kind: CartKind) =>
  kind === 'cart' ? '/shipping' : '/shipping/buy-now';
export const cartPath = (kind: CartKind) => (kind === 'cart' ? '/cart' : '/cart/buy-now');

export type ProceedOutcome =
  { to: 'checkout'; state: CheckoutState } | { to: 'cart' } | { to: 'stay' };

const orderItems = (lines: CartLine[]) => lines.map(({ product, qty }) => ({ product, qty }));

/**
 * Billing follows the choice: a different address is its own, anything else is the shipping
 * address (VAL-42, VAL-43). An unset choice counts as 'Same as Shipping Address': the shopper who
 * never touched it has said nothing that needs a second address.
 */
function detailsOf(form: ShippingStepForm): SavedDetails {
  const shippingDetails = trimmedAddress(form.shipping);
  return {
    shippingDetails,
    billingAddress:
      form.billingChoice === 'different' ? trimmedAddress(form.billing) : shippingDetails,
  };
}

/**
 * 'Proceed to Checkout' with home delivery, in the order of spec §4 (ORDER-01 to ORDER-09): reset
 * the errors, quote shipping, check stock, validate, save. Each step runs only when the one
 * before it succeeded, but the form checks its fields up front (`fieldsValid`) so that a refused
 * quote shows its postal-code message together with every other field's, not one round after
 * another.
 */
export function proceedToCheckout(
  kind: CartKind,
  form: ShippingStepForm,
  fieldsValid: boolean,
): OrderThunk<Promise<ProceedOutcome>> {
  return async (dispatch, getState) => {
    dispatch(orderErrorsReset());
    const state = getState();
    let shippingPrice: number;
    try {
      ({ shippingPrice } = await apiRequest(
        '/api/orders/shippingPrice',
        (wire) => wire.shippingPriceResponseSchema,
        {
          method: 'POST',
          body: {
            order: {
              cart: {
                cartItems: orderItems(cartLines(state, kind)),
                quickBuy: kind === 'buyNow',
                toCountryCode: form.shipping.country,
                toPostalCode: form.shipping.postalCode.trim(),
                currencyCode: state.currency.currencyCode,
              },
            },
          },
        },
      ));
    } catch (error) {
      dispatch(shippingPriceFailed(failureMessage(error)));
      return { to: 'stay' };
    }

    const stock = await dispatch(stockChecked(kind));
    if (stockChecked.rejected.match(stock) || stock.payload.length > 0) return { to: 'cart' };

    if (!fieldsValid) return { to: 'stay' };

    const details = detailsOf(form);
    try {
      await authRequest(
        { dispatch, getState },
        '/api/orders/shippingDetails',
        (wire) => wire.shippingDetailsResponseSchema,
        { method: 'POST', body: details },
      );
    } catch (error) {
      dispatch(detailsSaveFailed(failureMessage(error)));
      return { to: 'stay' };
    }
    writeSavedDetails(details);
    return { to: 'checkout', state: { shippingPrice, storePickup: false } };
  };
}

/** What 'Use my Address Details' found: an address, nothing saved, or a failed lookup. */
export type SavedAddressLookup =
  { status: 'found'; address: AddressInput } | { status: 'none' } | { status: 'failed' };

/**
 * 'Use my Address Details' (SHIP-06, ORDER-15): loads the profile and answers the address the
 * shopper saved last. The server keeps the shipping step's address only until the account's own
 * address changes, so a saved shipping address is the newer one and the account's comes next. A
 * shipped-to country is the stored alpha-2 code, the profile's is alpha-3.
 */
export function lookUpSavedAddress(): OrderThunk<Promise<SavedAddressLookup>> {
  return async (dispatch, getState) => {
    dispatch(detailsLookupChanged('loading'));
    try {
      const { user } = await authRequest(
        { dispatch, getState },
        '/api/subscribers/profile',
        (wire) => wire.profileResponseSchema,
      );
      dispatch(detailsLookupChanged('success'));
      if (user.shippingDetails) return { status: 'found', address: user.shippingDetails };
      if (user.address.trim() === '') return { status: 'none' };
      return {
        status: 'found',
        address: {
          name: user.name,
          phone: user.phone,
          email: user.email,
          address: user.address,
          apartmentNumber: user.apartmentNumber,
          city: user.city,
          country: user.ISOCode,
          postalCode: user.postalCode,
        },
      };
    } catch {
      dispatch(detailsLookupChanged('failed'));
      return { status: 'failed' };
    }
  };
}

/** The addresses a payment and an order carry: blank for a store pickup (ORDER-14). */
export function orderAddresses(
  storePickup: boolean,
  details: SavedDetails | undefined,
): SavedDetails {
  if (storePickup || !details)
    return { shippingDetails: blankAddress(), billingAddress: blankAddress() };
  return details;
}

const couponOf = (state: RootState, kind: CartKind) =>
  (kind === 'cart' ? state.cart.coupon : state.cart.buyNowCoupon).code;

/**
 * Opens a payment session for the cart; the server computes the amount (ORDER-16). The card is
 * the server's default, so only Vipps MobilePay is named (issue 32.1).
 */
export function createPayment(
  kind: CartKind,
  storePickup: boolean,
  details: SavedDetails | undefined,
  paymentMethod: PaymentMethod = 'card',
): OrderThunk<Promise<CreatePaymentResponse>> {
  return (dispatch, getState) => {
    const state = getState();
    const { shippingDetails } = orderAddresses(storePickup, details);
    const couponCode = couponOf(state, kind);
    const body: CreatePaymentRequest = {
      storePickup,
      order: {
        cart: {
          cartItems: orderItems(cartLines(state, kind)),
          quickBuy: kind === 'buyNow',
          toCountryCode: shippingDetails.country,
          toPostalCode: shippingDetails.postalCode,
          currencyCode: state.currency.currencyCode || 'NOK',
        },
      },
      ...(couponCode === '' ? {} : { couponCode }),
      ...(paymentMethod === 'card' ? {} : { paymentMethod }),
    };
    return authRequest(
      { dispatch, getState },
      '/api/orders/create-payment',
      (wire) => wire.createPaymentResponseSchema,
      { method: 'POST', body },
    );
  };
}

export interface PlaceOrderArgs extends CheckoutState {
  kind: CartKind;
  paymentId: string;
  details: SavedDetails | undefined;
  /**
   * What was paid for, where the page knows it apart from the store: the Vipps return page has
   * it from before the redirect, which the cart's coupon does not survive.
   */
  paid?: { lines: CartLine[]; couponCode: string };
}

export type PlaceOutcome =
  | { outcome: 'placed' }
  | { outcome: 'login' }
  | { outcome: 'failed'; status: number | undefined; message: string };

/**
 * Sends the order of a payment for the signed-in user; `forPickup` says from the placed order
 * whether the dialog asks the shopper to visit the store.
 */
function sendOrder(
  kind: CartKind,
  body: Omit<PlaceOrderRequest, 'subscriberId'>,
  forPickup: (order: Order) => boolean,
): OrderThunk<Promise<PlaceOutcome>> {
  return async (dispatch, getState) => {
    const user = getState().session.userInfo;
    if (!isAccountUser(user)) return { outcome: 'login' };
    dispatch(orderPlaceStarted());
    const signedIn = () => isAccountUser(getState().session.userInfo);
    let order: Order;
    try {
      order = await authRequest({ dispatch, getState }, '/api/orders', (wire) => wire.orderSchema, {
        method: 'POST',
        body: { subscriberId: user._id, ...body },
      });
    } catch (error) {
      const message = failureMessage(error);
      dispatch(orderPlaceFailed(message));
      if (!signedIn()) return { outcome: 'login' };
      return {
        outcome: 'failed',
        status: error instanceof ApiError ? error.status : undefined,
        message,
      };
    }
    dispatch(
      orderPlaceSucceeded({ storePickup: forPickup(order), orderNumber: order.orderNumber }),
    );
    dispatch(orderPlaced(kind));
    return signedIn() ? { outcome: 'placed' } : { outcome: 'login' };
  };
}

/**
 * The widget reported the payment completed, or Vipps sent the shopper back: the order is placed
 * with its payment id, and the server creates it only once it has verified the payment
 * (ORDER-18, ORDER-25, ORDER-26). Success sets the flag of its kind and empties that cart
 * (ORDER-20, ORDER-23); a user who is no longer signed in goes to /login (ORDER-24).
 */
export function placeOrder({
  kind,
  paymentId,
  details,
  shippingPrice,
  storePickup,
  paid,
}: PlaceOrderArgs): OrderThunk<Promise<PlaceOutcome>> {
  return (dispatch, getState) => {
    const state = getState();
    const addresses = orderAddresses(storePickup, details);
    const couponCode = paid ? paid.couponCode : couponOf(state, kind);
    const body = {
      orderItems: orderItems(paid ? paid.lines : cartLines(state, kind)),
      paymentType: 'CASH' as const,
      shippingDetails: addresses.shippingDetails,
      billingDetails: addresses.billingAddress,
      shippingPrice,
      storePickup,
      paymentId,
      ...(couponCode === '' ? {} : { couponCode }),
    };
    return dispatch(sendOrder(kind, body, () => storePickup));
  };
}

/**
 * 'Pay with Vipps' (issue 32.1): opens a Vipps MobilePay payment for the cart and sends the
 * browser to Vipps, keeping for the return page what the order is then placed with. False when
 * the server answered no address to send the shopper to.
 */
export function payWithVipps({
  kind,
  details,
  shippingPrice,
  storePickup,
}: Omit<PlaceOrderArgs, 'paymentId' | 'paid'>): OrderThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const payment = await dispatch(createPayment(kind, storePickup, details, 'vipps'));
    if (!payment.redirectUrl) return false;
    const state = getState();
    keepVippsCheckout({
      paymentId: payment.paymentId,
      kind,
      shippingPrice,
      storePickup,
      ...(details ? { details } : {}),
      lines: cartLines(state, kind),
      couponCode: couponOf(state, kind),
    });
    browserWindow.assign(payment.redirectUrl);
    return true;
  };
}

/**
 * What 'Buy with Vipps' pays for (issue 32.4): a cart's lines with its coupon, or the product
 * page's item in the quantity chosen, bought now as 'Buy Now' buys it.
 */
export type ExpressPurchase = { kind: CartKind } | { item: CartLine };

/**
 * 'Buy with Vipps' (issue 32.4): opens a Vipps Express payment, in which the shopper picks the
 * address and delivery, and sends the browser to Vipps, keeping for the return page what the
 * order is placed with. False when the server answered no address to send the shopper to.
 */
export function payWithVippsExpress(purchase: ExpressPurchase): OrderThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const state = getState();
    const kind = 'item' in purchase ? 'buyNow' : purchase.kind;
    const lines = 'item' in purchase ? [purchase.item] : cartLines(state, kind);
    const couponCode = 'item' in purchase ? '' : couponOf(state, kind);
    const body: VippsExpressRequest = {
      order: {
        cart: {
          cartItems: orderItems(lines),
          quickBuy: kind === 'buyNow',
          currencyCode: state.currency.currencyCode || 'NOK',
        },
      },
      ...(couponCode === '' ? {} : { couponCode }),
    };
    const payment = await authRequest(
      { dispatch, getState },
      '/api/orders/vipps-express',
      (wire) => wire.createPaymentResponseSchema,
      { method: 'POST', body },
    );
    if (!payment.redirectUrl) return false;
    // The item is the buy-now cart's, as 'Buy Now' makes it: the placed order empties it, and a
    // payment not completed leaves it there to go back to.
    if ('item' in purchase) dispatch(boughtNow(purchase.item));
    keepVippsCheckout({ express: true, paymentId: payment.paymentId, kind, lines, couponCode });
    browserWindow.assign(payment.redirectUrl);
    return true;
  };
}

/**
 * The order of a checkout paid in Vipps, placed with what was kept before the redirect. A Vipps
 * Express order (issue 32.4) sends no address, shipping or pickup of its own: the shopper chose
 * them in Vipps, and the server takes them from the approved payment.
 */
export function placeVippsOrder(checkout: VippsCheckout): OrderThunk<Promise<PlaceOutcome>> {
  const { paymentId, kind, lines, couponCode } = checkout;
  if (checkout.express) {
    const body = {
      orderItems: orderItems(lines),
      paymentType: 'CASH' as const,
      paymentId,
      ...(couponCode === '' ? {} : { couponCode }),
    };
    return sendOrder(kind, body, (order) => order.storePickup);
  }
  const { details, shippingPrice, storePickup } = checkout;
  return placeOrder({
    kind,
    paymentId,
    details,
    shippingPrice,
    storePickup,
    paid: { lines, couponCode },
  });
}

/** What came of the shopper's return from Vipps: nothing to place, or the placed order's fate. */
export type VippsReturn =
  { placed: PlaceOutcome; checkout: VippsCheckout } | { placed: 'unknown'; kind: CartKind };

/**
 * The shopper is back from Vipps with a payment named (issue 32.1): the checkout kept for that
 * payment is taken, so a reload does not place it again, and its order placed. Nothing is placed
 * without a payment named or with none kept for it in this tab.
 */
export function returnFromVipps(paymentId: string): OrderThunk<Promise<VippsReturn>> {
  return async (dispatch) => {
    const checkout = takeVippsCheckout();
    if (paymentId === '' || !checkout || checkout.paymentId !== paymentId)
      return { placed: 'unknown', kind: checkout?.kind ?? 'cart' };
    return { placed: await dispatch(placeVippsOrder(checkout)), checkout };
  };
}
