import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatePaymentResponse, ProductDetail, SessionUser } from '@shop/shared';
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

/**
 * Another shopper buys `qty` of an item through the API for a store pickup, as a second
 * browser would: log in, create the payment, pay it in the test widget, place the order.
 */
export async function buyThroughApi(
  request: APIRequestContext,
  email: string,
  item: ProductDetail,
  qty: number,
) {
  const login = await request.post('/api/subscribers/login', { data: { email, password } });
  const user = (await login.json()) as SessionUser;
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const lines = [{ product: { _id: item._id }, qty }];
  const created = await request.post('/api/orders/create-payment', {
    headers,
    data: { storePickup: true, order: { cart: { cartItems: lines } } },
  });
  expect(created.status()).toBe(200);
  const { paymentId } = (await created.json()) as CreatePaymentResponse;
  const paid = await request.post(`/payments/test/widget/${paymentId}/pay`, {
    data: { cardNumber: cards.approved, expiry: '12/39', cvc: '123', name: 'Other Shopper' },
  });
  expect(paid.status()).toBe(200);
  const order = await request.post('/api/orders', {
    headers,
    data: { orderItems: lines, paymentType: 'CASH', storePickup: true, paymentId },
  });
  expect(order.status()).toBe(201);
}
