import { createAsyncThunk, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import {
  nokToOre,
  oreToNok,
  type CartLine,
  type CartResponse,
  type Promo,
  type StockProblem,
} from '@shop/shared';
import {
  ApiError,
  apiRequest,
  type Answer,
  type AnswerPick,
  type AnswerSchema,
  type RequestOptions,
} from '../../lib/api-client.js';
import { authRequest, isAccountUser, type SessionRootState } from '../accounts/index.js';
import { cartTotals } from './cart-logic.js';
import type { CartKind, CartState } from './cart-slice.js';

/** What the cart calls read; a local shape rather than RootState keeps the store out of the cycle. */
export interface CartSyncState extends SessionRootState {
  cart: CartState;
  currency: { currencyCode: string };
}

type CartSyncDispatch = ThunkDispatch<CartSyncState, unknown, UnknownAction>;
interface CartSyncAccess {
  dispatch: CartSyncDispatch;
  getState: () => CartSyncState;
}

/**
 * A cart call, sent as the signed-in customer when there is one (a guest session counts for no
 * coupon): the server then checks a coupon's per-customer limit as the code is applied, not
 * first when the shopper pays.
 */
function cartRequest<S extends AnswerSchema>(
  access: CartSyncAccess,
  path: string,
  answer: AnswerPick<S>,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<Answer<S>> {
  return isAccountUser(access.getState().session.userInfo)
    ? authRequest(access, path, answer, options)
    : apiRequest(path, answer, options);
}

/** Why a coupon was not applied: the server's reason, or a cart below its minimum order (NOK). */
export type CouponRefusal = { message: string } | { code: string; minOrder: number };

/** A failed pricing of the cart; `couponRefused` when the server refused its coupon. */
export interface RefreshFailure {
  message: string;
  couponRefused: boolean;
}

const isCouponRefusal = (error: unknown) =>
  error instanceof ApiError && error.field === 'couponCode';

/** The server's pricing of the lines whose signature is `sent`. */
export interface PricedCart {
  kind: CartKind;
  sent: string;
  response: CartResponse;
}

export interface AppliedCoupon extends PricedCart {
  promo: Promo;
  /** What the coupon takes off on top of the products' own discounts, in NOK. */
  couponPrice: number;
}

/** Which items in which quantities: a priced answer only fits the lines it was asked for. */
export function lineSignature(lines: CartLine[]): string {
  return lines.map((line) => `${line.product._id}:${line.qty}`).join(',');
}

export function cartLines(state: CartSyncState, kind: CartKind): CartLine[] {
  return kind === 'cart' ? state.cart.cartItems : state.cart.buyNowCartItems;
}

function appliedCouponCode(state: CartSyncState, kind: CartKind): string {
  return kind === 'cart' ? state.cart.coupon.code : state.cart.buyNowCoupon.code;
}

const failureMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Prices `lines` on the server; only ids and quantities count there, prices come from the database. */
async function priceCart(
  access: CartSyncAccess,
  kind: CartKind,
  lines: CartLine[],
  currencyCode: string,
  couponCode: string,
  signal: AbortSignal,
): Promise<PricedCart> {
  const items = lines.map(({ product, qty }) => ({ product, qty }));
  const response = await cartRequest(
    access,
    kind === 'cart' ? '/api/orders/cart' : '/api/orders/cart/buy-now',
    (wire) => wire.cartResponseSchema,
    {
      method: 'POST',
      body: {
        ...(kind === 'cart' ? { cartItems: items } : { buyNowCartItems: items }),
        currencyCode,
        ...(couponCode === '' ? {} : { couponCode }),
      },
      signal,
    },
  );
  return { kind, sent: lineSignature(lines), response };
}

/**
 * Replaces the lines and totals of the cart (or the buy-now cart) with the server's answer
 * (CART-15). An empty cart has nothing to price, so no call is made.
 */
export const cartRefreshed = createAsyncThunk<
  PricedCart,
  CartKind,
  { state: CartSyncState; rejectValue: RefreshFailure }
>(
  'cart/refreshed',
  async (kind, { dispatch, getState, signal, rejectWithValue }) => {
    const state = getState();
    try {
      return await priceCart(
        { dispatch, getState },
        kind,
        cartLines(state, kind),
        state.currency.currencyCode,
        appliedCouponCode(state, kind),
        signal,
      );
    } catch (error) {
      return rejectWithValue({
        message: failureMessage(error),
        couponRefused: isCouponRefusal(error),
      });
    }
  },
  { condition: (kind, { getState }) => cartLines(getState(), kind).length > 0 },
);

/**
 * The coupon field: looks the code up (CART-25), then prices the cart with it so the discount
 * shown is the server's. An unknown code, one this customer has used up, or one the cart does not
 * qualify for is an error with the server's message, or the coupon's minimum order.
 */
export const couponApplied = createAsyncThunk<
  AppliedCoupon,
  { kind: CartKind; code: string },
  { state: CartSyncState; rejectValue: CouponRefusal }
>('cart/couponApplied', async ({ kind, code }, { dispatch, getState, signal, rejectWithValue }) => {
  const access = { dispatch, getState };
  try {
    const promo = await cartRequest(
      access,
      `/api/promo/${encodeURIComponent(code.trim())}`,
      (wire) => wire.promoSchema,
      { signal },
    );
    const state = getState();
    const lines = cartLines(state, kind);
    const priced = await priceCart(
      access,
      kind,
      lines,
      state.currency.currencyCode,
      promo.code,
      signal,
    );
    const sellingOre = nokToOre(cartTotals(priced.response.cartItems).grandTotal);
    const couponPrice = oreToNok(Math.max(0, sellingOre - nokToOre(priced.response.grandTotal)));
    // The server leaves a coupon below its minimum order out of the totals (so a shopper who
    // removes a line still gets a priced cart); the shopper applying it is told why instead.
    if (couponPrice === 0 && sellingOre < nokToOre(promo.minOrder))
      return rejectWithValue({ code: promo.code, minOrder: promo.minOrder });
    return { ...priced, promo, couponPrice };
  } catch (error) {
    return rejectWithValue({ message: failureMessage(error) });
  }
});

/**
 * The checkout button's stock check: one problem per line that cannot be bought as asked,
 * none when the shopper may go on (CART-23). A failed call rejects with its message.
 */
export const stockChecked = createAsyncThunk<
  StockProblem[],
  CartKind,
  { state: CartSyncState; rejectValue: string }
>('cart/stockChecked', async (kind, { getState, rejectWithValue }) => {
  const orderItems = cartLines(getState(), kind).map(({ product, qty }) => ({ product, qty }));
  try {
    const answer = await apiRequest(
      '/api/orders/check-stock',
      (wire) => wire.checkStockResponseSchema,
      { method: 'POST', body: { orderItems } },
    );
    return answer.responseArray;
  } catch (error) {
    return rejectWithValue(failureMessage(error));
  }
});
