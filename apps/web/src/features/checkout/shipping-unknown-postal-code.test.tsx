import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, callsTo } from '../../test/fetch-stub.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import { osloAddress, shopStore, stubOrderApi } from './checkout-test-kit.js';
import ShippingPage from './shipping-page.js';

const unknownPostalCode = 'We don’t know this postal code yet — please type your city.';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const shippingForm = () => screen.getByRole('group', { name: 'Shipping Details' });
const field = (label: string) => within(shippingForm()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const hintOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the shipping step with a postal code the register does not know (issue 14)', () => {
  // Many steps, each waiting for an answer: a busy machine needs more than the default 5 s.
  it('asks for the city instead of blocking, and proceeds with the typed city', async () => {
    const calls = stubOrderApi({
      'GET /api/postal-codes/NOR/0155': { postalCode: '0155', city: 'Oslo' },
      'GET /api/postal-codes/NOR/0002': answer(404, { message: 'Unknown postal code' }),
      'GET /api/postal-codes/NOR/0001': answer(404, { message: 'Unknown postal code' }),
    });
    const { location } = renderWithShop(<ShippingPage />, {
      path: '/shipping',
      url: '/shipping',
      store: shopStore(),
    });
    // The first answer of a test file waits for the answer schemas to load: a busy machine
    // takes seconds.
    await waitFor(() => expect(field('Country').value).toBe('NOR'), { timeout: 10_000 });
    for (const [label, value] of [
      ['Full Name', osloAddress.name],
      ['Phone Number', osloAddress.phone],
      ['Email', osloAddress.email],
      ['Address line 1', osloAddress.address],
    ] as const)
      type(label, value);

    type('Postal Code', '0155');
    await waitFor(() => expect(field('City').value).toBe('Oslo'));
    expect(hintOf(field('City'))).not.toContain(unknownPostalCode);

    type('Postal Code', '0002');
    await waitFor(() => expect(hintOf(field('City'))).toContain(unknownPostalCode));
    expect(screen.getByText(unknownPostalCode)).toBeTruthy();
    // Oslo came from the register for 0155; for 0002 it would be a guess, so it goes.
    expect(field('City').value).toBe('');
    // A code the register knows takes the hint away; the unknown one brings it back.
    type('Postal Code', '0155');
    await waitFor(() => expect(screen.queryByText(unknownPostalCode)).toBeNull());
    type('Postal Code', '0002');
    await waitFor(() => expect(screen.getByText(unknownPostalCode)).toBeTruthy());
    type('City', 'Nyby');
    // A city the shopper typed stays through another unknown code.
    type('Postal Code', '0001');
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/postal-codes/NOR/0001')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.getByText(unknownPostalCode)).toBeTruthy());
    expect(field('City').value).toBe('Nyby');
    type('Postal Code', '0002');
    await waitFor(() => expect(screen.getByText(unknownPostalCode)).toBeTruthy());

    fireEvent.click(screen.getByRole('radio', { name: 'Same as Shipping Address' }));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
    const quote = callsTo(calls, 'POST', '/api/orders/shippingPrice')[0]?.body as {
      order: { cart: { toPostalCode: string } };
    };
    expect(quote.order.cart.toPostalCode).toBe('0002');
    expect(callsTo(calls, 'POST', '/api/orders/shippingDetails')[0]?.body).toMatchObject({
      shippingDetails: { postalCode: '0002', city: 'Nyby' },
    });
  }, 30_000);
});
