import type { CartLineRequest, CreatePaymentResponse, SessionUser } from '@shop/shared';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { setSetting } from '../modules/settings/settings.service.js';
import { bearer } from './account-fixtures.js';

/** The test provider's documented cards. */
export const testCards = {
  approved: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
} as const;

export const osloAddress = {
  name: 'Kari Nordmann',
  phone: '+47 912 34 567',
  email: 'kari@example.no',
  address: 'Storgata 1',
  apartmentNumber: '',
  city: 'Oslo',
  country: 'NO',
  postalCode: '0155',
};

export const line = (itemId: string, qty = 1): CartLineRequest => ({
  product: { _id: itemId },
  qty,
});

/** Saves Oslo as the user's shipping and billing details, as the shipping step does. */
export async function saveOsloAddress(app: App, user: SessionUser) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders/shippingDetails',
    headers: bearer(user),
    payload: { shippingDetails: osloAddress, billingAddress: osloAddress },
  });
  if (response.statusCode !== 200) throw new Error(`saving the address failed: ${response.body}`);
}

/** `POST /api/orders/create-payment` for a home delivery to Oslo, or a store pickup. */
export async function createPayment(
  app: App,
  user: SessionUser | undefined,
  lines: CartLineRequest[],
  {
    storePickup = false,
    couponCode,
    headers = {},
    paymentMethod,
  }: {
    storePickup?: boolean;
    couponCode?: string;
    headers?: Record<string, string>;
    paymentMethod?: 'card' | 'vipps';
  } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/orders/create-payment',
    headers: { ...(user ? bearer(user) : {}), ...headers },
    payload: {
      storePickup,
      couponCode,
      ...(paymentMethod ? { paymentMethod } : {}),
      order: {
        cart: {
          cartItems: lines,
          quickBuy: false,
          toCountryCode: storePickup ? '' : 'NOR',
          toPostalCode: storePickup ? '' : '0155',
          currencyCode: 'NOK',
        },
      },
    },
  });
}

/** Pays a payment in the test provider's widget, as the shopper's browser does. */
export async function payWithTestCard(
  app: App,
  paymentId: string,
  cardNumber: string = testCards.approved,
) {
  return app.inject({
    method: 'POST',
    url: `/payments/test/widget/${paymentId}/pay`,
    payload: { cardNumber, expiry: '12/39', cvc: '123', name: 'Kari Nordmann' },
  });
}

/** Creates and pays a payment; the payment as create-payment answered it. */
export async function paidPayment(
  app: App,
  user: SessionUser | undefined,
  lines: CartLineRequest[],
  options: { storePickup?: boolean; couponCode?: string } = {},
): Promise<CreatePaymentResponse> {
  const created = await createPayment(app, user, lines, options);
  if (created.statusCode !== 200) throw new Error(`create-payment failed: ${created.body}`);
  const payment = created.json<CreatePaymentResponse>();
  const paid = await payWithTestCard(app, payment.paymentId);
  if (paid.statusCode !== 200) throw new Error(`paying failed: ${paid.body}`);
  return payment;
}

/** `POST /api/orders` as the storefront sends it after the widget's payment-completed. */
export function placeOrder(
  app: App,
  user: SessionUser,
  paymentId: string,
  lines: CartLineRequest[],
  { storePickup = false }: { storePickup?: boolean } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(user),
    payload: {
      subscriberId: user._id,
      orderItems: lines,
      paymentType: 'CASH',
      shippingDetails: storePickup ? {} : osloAddress,
      billingDetails: storePickup ? {} : osloAddress,
      shippingPrice: 0,
      storePickup,
      paymentId,
    },
  });
}

/** Pays and places an order as the storefront does; the payment's id, which names the order. */
export async function purchase(
  app: App,
  user: SessionUser,
  lines: CartLineRequest[],
  options: { storePickup?: boolean; couponCode?: string } = {},
): Promise<string> {
  const payment = await paidPayment(app, user, lines, options);
  const placed = await placeOrder(app, user, payment.paymentId, lines, options);
  if (placed.statusCode !== 201) throw new Error(`placing the order failed: ${placed.body}`);
  return payment.paymentId;
}

/**
 * The shop takes the money right after the order (the immediate-capture setting), for the tests
 * about what follows a charge: refunds, cancellations of charged orders, accounting. The shop's
 * default, capture when the goods ship, is `capture-on-shipment.test.ts`'s (issue 32.3).
 */
export async function captureAtOrder(db: Database): Promise<void> {
  await setSetting(db, 'paymentCapture', 'ordered');
}
