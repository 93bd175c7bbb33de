import type {
  AddressInput,
  CartLine,
  CartResponse,
  CreatePaymentResponse,
  Order,
} from '@shop/shared';
import { vi } from 'vitest';
import { answer, type FetchAnswers, type FetchCall } from '../../test/fetch-stub.js';
import { signedInStore, stubAccountsApi } from '../accounts/accounts-test-kit.js';
import { addedToCart, boughtNow } from '../cart/cart-slice.js';
import { honey, socks } from '../cart/cart-test-kit.js';
import { countries } from '../catalog/catalog-test-kit.js';
import type { DibsCheckoutOptions, PaymentCompletedEvent } from './payment-widget.js';

/** Contract-shaped answers, a signed-in store with carts and a payment widget stub. */

export const shippingCountries = [
  ...countries,
  { Country: 'Japan', name: 'Japan', ISOCode: 'JPN', CurrencyCode: 'JPY', shipping: false },
];

export const osloAddress: AddressInput = {
  name: 'Kari Nordmann',
  phone: '+47 912 34 567',
  email: 'kari@example.no',
  address: 'Storgata 1',
  apartmentNumber: 'H0201',
  city: 'Oslo',
  country: 'NOR',
  postalCode: '0155',
};

export const cartLines: CartLine[] = [
  { product: socks, qty: 2 },
  { product: honey, qty: 1 },
];
export const buyNowLine: CartLine = { product: { ...honey, name: 'Heather honey' }, qty: 3 };

/** The details a store pickup sends (ORDER-14). */
export const blankDetails: AddressInput = {
  name: '',
  phone: '',
  email: '',
  address: '',
  apartmentNumber: '',
  city: '',
  country: '',
  postalCode: '',
};

/** The order the server answers `POST /api/orders` with. */
export const placedOrder: Order = {
  _id: '5b1c0000-0000-4000-8000-000000000001',
  orderNumber: 10001,
  createdAt: '2026-05-04T10:00:00.000Z',
  deliveryStatus: 'PENDING',
  paymentId: 'pay-1',
  paymentType: 'CARD',
  storePickup: false,
  total: 659.9,
  discount: 0,
  shippingPrice: 99,
  grandTotal: 758.9,
  vat: [],
  couponCode: null,
  orderItems: [],
  shippingDetails: null,
  billingDetails: null,
};

let scriptCount = 0;

/**
 * A card payment session as `POST /api/orders/create-payment` opens it. Each has a script address
 * of its own: the page loads a script once per address, and a test's load must not be one an
 * earlier test left pending.
 */
export function cardPayment(overrides: Partial<CreatePaymentResponse> = {}): CreatePaymentResponse {
  scriptCount += 1;
  return {
    paymentId: 'pay-1',
    checkoutKey: 'test-checkout-key',
    amount: 659.9,
    currency: 'NOK',
    provider: 'test',
    checkoutScriptUrl: `/test-checkout/checkout-${scriptCount}.js`,
    ...overrides,
  };
}

/** A Vipps MobilePay payment: no widget, the address of Vipps' landing page instead (issue 32.1). */
export function vippsPayment(
  overrides: Partial<CreatePaymentResponse> = {},
): CreatePaymentResponse {
  return {
    paymentId: 'vipps-1',
    checkoutKey: '',
    amount: 659.9,
    currency: 'NOK',
    provider: 'vipps',
    checkoutScriptUrl: '',
    redirectUrl: 'http://shop.test/payments/vipps-stand-in/landing/vipps-1',
    ...overrides,
  };
}

/** A signed-in user with two cart lines and one buy-now item. */
export function shopStore() {
  const store = signedInStore();
  for (const line of [...cartLines].reverse()) store.dispatch(addedToCart(line));
  store.dispatch(boughtNow(buyNowLine));
  return store;
}

/** Answers the cart pricing calls with the lines sent, as the server would price them. */
function echoPricing(call: FetchCall): CartResponse {
  const body = call.body as Record<string, CartLine[] | undefined>;
  const lines = body.cartItems ?? body.buyNowCartItems ?? [];
  const total = lines.reduce((sum, line) => sum + line.product.price * line.qty, 0);
  const selling = lines.reduce((sum, line) => sum + line.product.sellingPrice * line.qty, 0);
  return { cartItems: lines, total, discount: total - selling, grandTotal: selling };
}

/** The calls of the order flow answered as on a good day; `answers` replaces any of them. */
export function stubOrderApi(answers: FetchAnswers = {}): FetchCall[] {
  return stubAccountsApi({
    'GET /api/countries': shippingCountries,
    'POST /api/orders/cart': echoPricing,
    'POST /api/orders/cart/buy-now': echoPricing,
    'POST /api/orders/shippingPrice': { shippingPrice: 99 },
    'POST /api/orders/check-stock': { responseArray: [] },
    'POST /api/orders/shippingDetails': (call: FetchCall) => call.body,
    ...answers,
  });
}

/** The order flow's calls with the payment page's: a card session opens, the order is placed. */
export function stubCheckoutApi(answers: FetchAnswers = {}): FetchCall[] {
  return stubOrderApi({
    'POST /api/orders/create-payment': () => cardPayment(),
    'POST /api/orders': answer(201, placedOrder),
    ...answers,
  });
}

export interface WidgetInstance {
  options: DibsCheckoutOptions;
  handlers: Record<string, (event: PaymentCompletedEvent) => void>;
  cleanup: () => void;
}

/** Stands in for the provider's `window.Dibs`; answers the widgets mounted. */
export function stubDibs(): WidgetInstance[] {
  const instances: WidgetInstance[] = [];
  class Checkout {
    private readonly instance: WidgetInstance;
    constructor(options: DibsCheckoutOptions) {
      this.instance = { options, handlers: {}, cleanup: vi.fn() };
      instances.push(this.instance);
    }
    on(event: string, handler: (event: PaymentCompletedEvent) => void) {
      this.instance.handlers[event] = handler;
    }
    cleanup() {
      this.instance.cleanup();
    }
  }
  window.Dibs = { Checkout };
  return instances;
}
