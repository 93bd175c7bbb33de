import {
  createSlice,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { CartLine, CartProduct, Promo, StockProblem } from '@shop/shared';
import { readStored, storageKeys, writeStored } from '../../lib/storage.js';
import {
  addToCart,
  buyNow,
  cartTotals,
  clearLines,
  deleteLine,
  isCartLines,
  removeOne,
  setQuantity,
  type CartChange,
} from './cart-logic.js';
import {
  cartRefreshed,
  couponApplied,
  stockChecked,
  lineSignature,
  type CartSyncState,
  type PricedCart,
} from './cart-sync.js';

/** Spec §3 address details, as the shipping step fills them. */
export interface AddressDetails {
  name: string;
  phone: string;
  email: string;
  address: string;
  apartmentNumber: string;
  city: string;
  country: string;
  postalCode: string;
}

/** The state of spec §3, plus the messages of §4 and §8 for the cart and the buy-now cart. */
export interface CartState {
  cartItems: CartLine[];
  buyNowCartItems: CartLine[];
  total: number;
  discount: number;
  grandTotal: number;
  buyNowTotal: number;
  buyNowDiscount: number;
  buyNowGrandTotal: number;
  coupon: { code: string; price: number };
  shippingPrice: number;
  shippingDetails: AddressDetails | null;
  billingDetails: AddressDetails | null;
  postalCodes: string[];
  isOrderPlaceSuccess: boolean;
  quickBuySuccess: boolean;
  cartMessage: string;
  isCartError: boolean;
  buyNowCartMessage: string;
  isBuyNowCartError: boolean;
  /** The line a cart message is about, if any: the cart page shows it under that line. */
  cartMessageProductId: string | null;
  buyNowMessageProductId: string | null;
  /** Check-stock messages by product _id, shown under each cart line. */
  cartStockMessages: Record<string, string>;
  buyNowStockMessages: Record<string, string>;
  /** The last server pricing of each cart; 'failed' when the refresh call failed (CART-17). */
  cartFetchStatus: FetchStatus;
  buyNowFetchStatus: FetchStatus;
  /** The coupon applied to the buy-now cart; `coupon` is the main cart's. */
  buyNowCoupon: { code: string; price: number };
  /** The promo lookup of the coupon field (CART-25). */
  couponLookup: CouponLookup;
}

export type FetchStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface CouponLookup {
  /** The cart the code was typed for, so the other cart's page does not show its outcome. */
  kind: CartKind | null;
  status: 'idle' | 'loading' | 'success' | 'error';
  promo: Promo | null;
  message: string;
  /**
   * A code refused because the cart is below its minimum order (NOK): the page words it in the
   * shopper's currency, whichever is picked when it shows.
   */
  belowMinimum: { code: string; minOrder: number } | null;
}

export type CartKind = 'cart' | 'buyNow';

const noCoupon = { code: '', price: 0 };
const idleCouponLookup: CouponLookup = {
  kind: null,
  status: 'idle',
  promo: null,
  message: '',
  belowMinimum: null,
};

function initialCart(): CartState {
  const cartItems = readStored(storageKeys.cart, (value) => isCartLines(value)) ?? [];
  const buyNowCartItems = readStored(storageKeys.buyNow, (value) => isCartLines(value, 1)) ?? [];
  const buyNowTotals = cartTotals(buyNowCartItems);
  return {
    cartItems,
    buyNowCartItems,
    ...cartTotals(cartItems),
    buyNowTotal: buyNowTotals.total,
    buyNowDiscount: buyNowTotals.discount,
    buyNowGrandTotal: buyNowTotals.grandTotal,
    coupon: noCoupon,
    shippingPrice: 0,
    shippingDetails: null,
    billingDetails: null,
    postalCodes: [],
    isOrderPlaceSuccess: false,
    quickBuySuccess: false,
    cartMessage: '',
    isCartError: false,
    buyNowCartMessage: '',
    isBuyNowCartError: false,
    cartMessageProductId: null,
    buyNowMessageProductId: null,
    cartStockMessages: {},
    buyNowStockMessages: {},
    cartFetchStatus: 'idle',
    buyNowFetchStatus: 'idle',
    buyNowCoupon: noCoupon,
    couponLookup: idleCouponLookup,
  };
}

/**
 * Stores a rule's outcome: the lines, their totals, the message, and the browser copy. Per-line
 * stock messages belong to the totals they were checked against, so a new total clears them.
 */
function applyCart(state: CartState, change: CartChange): void {
  const totals = cartTotals(change.lines);
  if (totals.total !== state.total) state.cartStockMessages = {};
  state.cartItems = change.lines;
  state.total = totals.total;
  state.discount = totals.discount;
  state.grandTotal = totals.grandTotal;
  state.cartMessage = change.message;
  state.isCartError = change.isError;
  state.cartMessageProductId = change.productId ?? null;
  writeStored(storageKeys.cart, change.lines);
}

function applyBuyNow(state: CartState, change: CartChange): void {
  const totals = cartTotals(change.lines);
  if (totals.total !== state.buyNowTotal) state.buyNowStockMessages = {};
  state.buyNowCartItems = change.lines;
  state.buyNowTotal = totals.total;
  state.buyNowDiscount = totals.discount;
  state.buyNowGrandTotal = totals.grandTotal;
  state.buyNowCartMessage = change.message;
  state.isBuyNowCartError = change.isError;
  state.buyNowMessageProductId = change.productId ?? null;
  writeStored(storageKeys.buyNow, change.lines);
}

/**
 * Stores the server's pricing of the lines that were sent, unless the shopper changed the cart
 * meanwhile: then the answer is stale and the next refresh prices the new lines.
 */
function applyPriced(state: CartState, { kind, sent, response }: PricedCart): void {
  const current = kind === 'cart' ? state.cartItems : state.buyNowCartItems;
  if (lineSignature(current) !== sent) return;
  const lines = response.cartItems;
  if (kind === 'cart') {
    if (response.total !== state.total) state.cartStockMessages = {};
    state.cartItems = lines;
    state.total = response.total;
    state.discount = response.discount;
    state.grandTotal = response.grandTotal;
    writeStored(storageKeys.cart, lines);
  } else {
    if (response.total !== state.buyNowTotal) state.buyNowStockMessages = {};
    state.buyNowCartItems = lines;
    state.buyNowTotal = response.total;
    state.buyNowDiscount = response.discount;
    state.buyNowGrandTotal = response.grandTotal;
    writeStored(storageKeys.buyNow, lines);
  }
}

function setFetchStatus(state: CartState, kind: CartKind, status: FetchStatus): void {
  if (kind === 'cart') state.cartFetchStatus = status;
  else state.buyNowFetchStatus = status;
}

function showStockProblems(state: CartState, kind: CartKind, problems: StockProblem[]): void {
  const messages = Object.fromEntries(
    problems.map((problem) => [problem.product_id, problem.message]),
  );
  if (kind === 'cart') state.cartStockMessages = messages;
  else state.buyNowStockMessages = messages;
}

interface ProductQuantity {
  product: CartProduct;
  qty: number;
}
interface LineQuantity {
  productId: string;
  qty: number;
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCart,
  reducers: {
    addedToCart(state, { payload }: PayloadAction<ProductQuantity>) {
      applyCart(state, addToCart(state.cartItems, payload.product, payload.qty));
    },
    cartQuantitySet(state, { payload }: PayloadAction<LineQuantity>) {
      applyCart(state, setQuantity(state.cartItems, payload.productId, payload.qty));
    },
    cartOneRemoved(state, { payload }: PayloadAction<string>) {
      applyCart(state, removeOne(state.cartItems, payload));
    },
    cartLineDeleted(state, { payload }: PayloadAction<string>) {
      applyCart(state, deleteLine(state.cartItems, payload));
    },
    cartCleared(state) {
      applyCart(state, clearLines());
    },
    /** Empties the cart and forgets what was priced for it: coupon and shipping. */
    cartRemoved(state) {
      applyCart(state, clearLines());
      state.coupon = noCoupon;
      state.shippingPrice = 0;
    },
    boughtNow(state, { payload }: PayloadAction<ProductQuantity>) {
      applyBuyNow(state, buyNow(state.buyNowCartItems, payload.product, payload.qty));
    },
    buyNowQuantitySet(state, { payload }: PayloadAction<LineQuantity>) {
      applyBuyNow(state, setQuantity(state.buyNowCartItems, payload.productId, payload.qty));
    },
    buyNowOneRemoved(state, { payload }: PayloadAction<string>) {
      applyBuyNow(state, removeOne(state.buyNowCartItems, payload));
    },
    buyNowCleared(state) {
      applyBuyNow(state, clearLines());
    },
    /**
     * An order was placed (ORDER-20, ORDER-23): the success flag of its kind is set and the cart
     * it paid for is emptied, with its coupon, shipping price and totals.
     */
    orderPlaced(state, { payload }: PayloadAction<CartKind>) {
      if (payload === 'cart') {
        applyCart(state, clearLines());
        state.coupon = noCoupon;
        state.shippingPrice = 0;
        state.isOrderPlaceSuccess = true;
      } else {
        applyBuyNow(state, clearLines());
        state.buyNowCoupon = noCoupon;
        state.quickBuySuccess = true;
      }
    },
    /** The shopper took the coupon off this cart; its lookup's outcome goes with it. */
    couponCleared(state, { payload }: PayloadAction<CartKind>) {
      if (payload === 'cart') state.coupon = noCoupon;
      else state.buyNowCoupon = noCoupon;
      if (state.couponLookup.kind === payload) state.couponLookup = idleCouponLookup;
    },
    /** The success dialog was closed: the next checkout starts without it. */
    orderSuccessClosed(state) {
      state.isOrderPlaceSuccess = false;
      state.quickBuySuccess = false;
    },
    /** The check-stock answer: one message per line that cannot be bought as asked. */
    stockProblemsShown(
      state,
      { payload }: PayloadAction<{ kind: CartKind; problems: StockProblem[] }>,
    ) {
      showStockProblems(state, payload.kind, payload.problems);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(cartRefreshed.pending, (state, { meta }) => {
        setFetchStatus(state, meta.arg, 'loading');
      })
      .addCase(cartRefreshed.fulfilled, (state, { payload }) => {
        setFetchStatus(state, payload.kind, 'succeeded');
        applyPriced(state, payload);
      })
      .addCase(cartRefreshed.rejected, (state, { meta, payload }) => {
        if (meta.aborted) return;
        setFetchStatus(state, meta.arg, 'failed');
        // A coupon that stopped applying (used meanwhile, expired, switched off) is shown at the
        // coupon field, where the shopper can take it off.
        if (payload?.couponRefused)
          state.couponLookup = {
            ...idleCouponLookup,
            kind: meta.arg,
            status: 'error',
            message: payload.message,
          };
      })
      .addCase(couponApplied.pending, (state, { meta }) => {
        state.couponLookup = { ...idleCouponLookup, kind: meta.arg.kind, status: 'loading' };
      })
      .addCase(couponApplied.fulfilled, (state, { payload }) => {
        state.couponLookup = {
          ...idleCouponLookup,
          kind: payload.kind,
          status: 'success',
          promo: payload.promo,
        };
        const applied = { code: payload.promo.code, price: payload.couponPrice };
        if (payload.kind === 'cart') state.coupon = applied;
        else state.buyNowCoupon = applied;
        applyPriced(state, payload);
      })
      .addCase(couponApplied.rejected, (state, { payload, error, meta }) => {
        state.couponLookup = {
          ...idleCouponLookup,
          kind: meta.arg.kind,
          status: 'error',
          ...(payload === undefined
            ? { message: error.message ?? '' }
            : 'message' in payload
              ? { message: payload.message }
              : { belowMinimum: payload }),
        };
      })
      .addCase(stockChecked.fulfilled, (state, { payload, meta }) => {
        showStockProblems(state, meta.arg, payload);
      });
  },
});

/**
 * The shopper takes the coupon off the cart (or the buy-now cart): it is forgotten and the
 * lines are priced again without it.
 */
export function couponRemoved(
  kind: CartKind,
): ThunkAction<Promise<unknown>, CartSyncState, unknown, UnknownAction> {
  return (dispatch) => {
    dispatch(cartSlice.actions.couponCleared(kind));
    return dispatch(cartRefreshed(kind));
  };
}

export const {
  addedToCart,
  cartQuantitySet,
  cartOneRemoved,
  cartLineDeleted,
  cartCleared,
  cartRemoved,
  boughtNow,
  buyNowQuantitySet,
  buyNowOneRemoved,
  buyNowCleared,
  orderPlaced,
  orderSuccessClosed,
  stockProblemsShown,
} = cartSlice.actions;
