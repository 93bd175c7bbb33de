import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatePaymentResponse, Order, ProductDetail, SessionUser } from '@shop/shared';
import { password } from './accounts.js';

export const cards = { approved: '4111 1111 1111 1111', declined: '4000 0000 0000 0002' };

/** Pays in the test provider's widget, inside its frame on the checkout page. */
export async function payInWidget(page: Page, cardNumber: string) {
  const widget = page.frameLocator('iframe[title="Card payment (test mode)"]');
  await expect(widget.getByText(/TEST MODE/)).toBeVisible();
  await widget.getByLabel('Card number').fill(cardNumber);
  await widget.getByLabel('Expiry (MM/YY)').fill('12/39');
  await widget.getByLabel('CVC').fill('123');
  await widget.getByLabel('Cardholder name').fill('Test Shopper');
  await widget.getByRole('button', { name: /^Pay / }).click();
  return widget;
}

/** Fills the home-delivery form with an Oslo address; the postal code fills the city. */
export async function fillOsloAddress(page: Page, name: string, email: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Phone Number').fill('+47 912 34 567');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address line 1').fill('Storgata 1');
  await page.getByLabel('Postal Code').fill('0155');
  await expect(page.getByLabel('City')).toHaveValue('Oslo');
}

/** Where a home delivery of the journeys goes: an Oslo address, the postal code priced. */
export const osloAddress = {
  name: 'Other Shopper',
  phone: '+47 912 34 567',
  address: 'Storgata 1',
  apartmentNumber: '',
  postalCode: '0155',
  city: 'Oslo',
  country: 'NO',
};

/**
 * Another shopper buys `qty` of an item through the API, as a second browser would: log in,
 * create the payment, pay it in the test widget, place the order. A store pickup unless
 * `storePickup: false`, which sends the goods to `osloAddress`; with `couponCode` when given.
 * Answers the placed order.
 */
export async function buyThroughApi(
  request: APIRequestContext,
  email: string,
  item: ProductDetail,
  qty: number,
  { storePickup = true, couponCode }: { storePickup?: boolean; couponCode?: string } = {},
): Promise<Order> {
  const login = await request.post('/api/subscribers/login', { data: { email, password } });
  const user = (await login.json()) as SessionUser;
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const lines = [{ product: { _id: item._id }, qty }];
  const address = { ...osloAddress, email };
  const addresses = storePickup ? {} : { shippingDetails: address, billingDetails: address };
  const cart = storePickup
    ? { cartItems: lines }
    : {
        cartItems: lines,
        toCountryCode: osloAddress.country,
        toPostalCode: osloAddress.postalCode,
      };
  const coupon = couponCode === undefined ? {} : { couponCode };
  const created = await request.post('/api/orders/create-payment', {
    headers,
    data: { storePickup, order: { cart }, ...addresses, ...coupon },
  });
  expect(created.status()).toBe(200);
  const { paymentId } = (await created.json()) as CreatePaymentResponse;
  const paid = await request.post(`/payments/test/widget/${paymentId}/pay`, {
    data: { cardNumber: cards.approved, expiry: '12/39', cvc: '123', name: 'Other Shopper' },
  });
  expect(paid.status()).toBe(200);
  const order = await request.post('/api/orders', {
    headers,
    data: {
      orderItems: lines,
      paymentType: 'CASH',
      storePickup,
      paymentId,
      ...addresses,
      ...coupon,
    },
  });
  expect(order.status()).toBe(201);
  return (await order.json()) as Order;
}
