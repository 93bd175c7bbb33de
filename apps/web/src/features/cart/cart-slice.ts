import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartLine, CartProduct, StockProblem } from '@shop/shared';
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
  /** Check-stock messages by product _id, shown under each cart line. */
  cartStockMessages: Record<string, string>;
  buyNowStockMessages: Record<string, string>;
}

export type CartKind = 'cart' | 'buyNow';

const noCoupon = { code: '', price: 0 };

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
    cartStockMessages: {},
    buyNowStockMessages: {},
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
  writeStored(storageKeys.buyNow, change.lines);
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
    /** The check-stock answer: one message per line that cannot be bought as asked. */
    stockProblemsShown(
      state,
      { payload }: PayloadAction<{ kind: CartKind; problems: StockProblem[] }>,
    ) {
      const messages = Object.fromEntries(
        payload.problems.map((problem) => [problem.product_id, problem.message]),
      );
      if (payload.kind === 'cart') state.cartStockMessages = messages;
      else state.buyNowStockMessages = messages;
    },
  },
});

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
  stockProblemsShown,
} = cartSlice.actions;
