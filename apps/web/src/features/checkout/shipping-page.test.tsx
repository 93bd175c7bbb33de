import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addressFieldMaxLengths,
  formatAmount,
  shippingStepFormSchema,
  shippingTexts,
  type CartLine,
} from '@shop/shared';
import { loadLanguage } from '../../i18n/catalogues.js';
import { storageKeys } from '../../lib/storage.js';
import { answer, callsTo } from '../../test/fetch-stub.js';
import { servedShop, shopDetailsAnswer } from '../../test/shop-details-answer.js';
import { settle } from '../../test/settle.js';
import { profile, sessionUser, signedInStore, tokenFailed } from '../accounts/accounts-test-kit.js';
import { socks } from '../cart/cart-test-kit.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import {
  buyNowLine,
  cartLines,
  osloAddress,
  shopStore,
  stubOrderApi,
} from './checkout-test-kit.js';
import { writeSavedDetails } from './saved-details.js';
import ShippingPage, { BuyNowShippingPage } from './shipping-page.js';

const unknownPostalCode = 'We don’t know this postal code yet — please type your city.';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The cart's shipping step on a Norwegian page. */
const renderInBokmal = async () =>
  renderWithShop(<ShippingPage />, {
    path: '/shipping',
    url: '/shipping',
    store: shopStore(),
    i18n: await loadLanguage('nb'),
  });

function renderShipping(kind: 'cart' | 'buyNow' = 'cart', store = shopStore()) {
  const url = kind === 'cart' ? '/shipping' : '/shipping/buy-now';
  const page = kind === 'cart' ? <ShippingPage /> : <BuyNowShippingPage />;
  return renderWithShop(page, { path: url, url, store });
}

const shippingForm = () => screen.getByRole('group', { name: 'Shipping Details' });
const billingForm = () => screen.getByRole('group', { name: 'Billing Address Details' });
const field = (form: HTMLElement, label: string) =>
  within(form).getByLabelText(label) as HTMLInputElement;
const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.input(field(form, label), { target: { value } });
const labels = {
  name: 'Full Name',
  phone: 'Phone Number',
  email: 'Email',
  address: 'Address line 1',
  apartmentNumber: 'Address line 2 (optional)',
  country: 'Country',
  postalCode: 'Postal Code',
  city: 'City',
} as const;

async function fillAddress(form: HTMLElement, address = osloAddress) {
  await waitFor(() => expect(field(form, labels.country).value).toBe('NOR'));
  for (const [key, label] of Object.entries(labels)) {
    const value = address[key as keyof typeof labels];
    if (key === 'country') fireEvent.change(field(form, label), { target: { value } });
    else type(form, label, value);
  }
}

const proceed = () => fireEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((element) => element?.getAttribute('role') === 'alert')
    .map((element) => element?.textContent)
    .join(' ');
const orderCalls = (calls: ReturnType<typeof stubOrderApi>) =>
  calls
    .filter((call) => call.path.startsWith('/api/orders/') && call.path !== '/api/orders/cart')
    .map((call) => call.path);

describe('the shipping step: access and layout', () => {
  it('speaks bokmål on a Norwegian page, with the summary in kroner (issue 31.1, 31.4)', async () => {
    stubOrderApi();
    await renderInBokmal();
    expect(screen.getByRole('heading', { level: 1, name: 'Levering' })).toBeTruthy();
    const delivery = screen.getByRole('group', { name: 'Leveringsmåte' });
    expect(within(delivery).getByRole('radio', { name: 'Hjemlevering' })).toBeTruthy();
    expect(within(delivery).getByRole('radio', { name: 'Hent i butikk' })).toBeTruthy();
    const form = screen.getByRole('group', { name: 'Leveringsadresse' });
    for (const label of ['Fullt navn', 'Telefon', 'E-post', 'Land', 'Postnummer', 'Poststed'])
      expect(within(form).getByLabelText(label)).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'Bestillingen din' });
    expect(within(summary).getByText('2 × 180,00 kr')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Til kassen' })).toBeTruthy();
    await waitFor(() => expect(field(form, 'Land').value).toBe('NOR'));
  });

  it("shows a field's rule message in bokmål on a Norwegian page (issue 31.1)", async () => {
    stubOrderApi();
    await renderInBokmal();
    const form = screen.getByRole('group', { name: 'Leveringsadresse' });
    await waitFor(() => expect(field(form, 'Land').value).toBe('NOR'));
    type(form, 'Fullt navn', 'Kari');
    fireEvent.click(screen.getByRole('button', { name: 'Til kassen' }));
    await waitFor(() => expect(messageOf(field(form, 'Fullt navn'))).toBe('Ugyldig navn'));
    expect(messageOf(field(form, 'E-post'))).toBe('Ugyldig e-postadresse');
    expect(messageOf(field(form, 'Poststed'))).toBe('Ugyldig poststed');
  });

  it('SHIP-02 ROLE-08 a visitor is sent to /login', () => {
    stubOrderApi();
    const { location } = renderWithShop(<ShippingPage />, { path: '/shipping', url: '/shipping' });
    expect(location().pathname).toBe('/login');
  });

  it('SHIP-02 a guest is sent to /login too', () => {
    stubOrderApi();
    const { location } = renderShipping('cart', signedInStore(sessionUser({ provider: 'guest' })));
    expect(location().pathname).toBe('/login');
  });

  it("SHIP-03 SHIP-04 SHIP-05 offers 'Home Delivery' (default) and 'Store Pickup'; pickup hides the form", async () => {
    stubOrderApi();
    renderShipping();
    const delivery = screen.getByRole('group', { name: 'Delivery method' });
    const home = within(delivery).getByRole('radio', { name: 'Home Delivery' }) as HTMLInputElement;
    const pickup = within(delivery).getByRole('radio', {
      name: 'Store Pickup',
    }) as HTMLInputElement;
    expect(home.checked).toBe(true);
    expect(pickup.checked).toBe(false);
    expect(shippingForm()).toBeTruthy();
    fireEvent.click(pickup);
    expect(screen.queryByRole('group', { name: 'Shipping Details' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Billing Address' })).toBeNull();
  });

  it('SHIP-08 SHIP-09 SHIP-10 SHIP-13 shows the fields, the phone tooltip, the optional line 2 and the postal placeholder', async () => {
    stubOrderApi();
    renderShipping();
    const form = shippingForm();
    for (const label of Object.values(labels)) expect(field(form, label)).toBeTruthy();
    const phone = field(form, labels.phone);
    expect(phone.title).toBe('In case we needed to contact you');
    const help = document.getElementById(phone.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe('In case we needed to contact you');
    expect(field(form, labels.apartmentNumber)).toBeTruthy();
    expect(field(form, labels.postalCode).placeholder).toBe('0010 – 9990');
    await waitFor(() => expect(field(form, labels.country).value).toBe('NOR'));
  });

  it('SHIP-11 SHIP-12 the country list holds only the countries shipped to, Norway first and chosen', async () => {
    stubOrderApi();
    renderShipping();
    const country = field(shippingForm(), labels.country) as unknown as HTMLSelectElement;
    await waitFor(() => expect(country.value).toBe('NOR'));
    expect(Array.from(country.options).map((option) => option.value)).toEqual([
      'NOR',
      'SWE',
      'DEU',
    ]);
  });

  it('SHIP-14 SHIP-15 SHIP-16 SHIP-17 the billing choice starts unset; a different address shows its own fields', async () => {
    stubOrderApi();
    renderShipping();
    const choice = screen.getByRole('group', { name: 'Billing Address' });
    const same = within(choice).getByRole('radio', { name: 'Same as Shipping Address' });
    const different = within(choice).getByRole('radio', { name: 'Use Different Address' });
    expect((same as HTMLInputElement).checked).toBe(false);
    expect((different as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('group', { name: 'Billing Address Details' })).toBeNull();
    fireEvent.click(different);
    for (const label of Object.values(labels)) expect(field(billingForm(), label)).toBeTruthy();
    fireEvent.click(same);
    expect(screen.queryByRole('group', { name: 'Billing Address Details' })).toBeNull();
    await waitFor(() => expect(field(shippingForm(), labels.country).value).toBe('NOR'));
  });

  it('SHIP-18 SHIP-19 SHIP-20 shows the button and the order summary, and syncs the cart with the server', async () => {
    const calls = stubOrderApi();
    renderShipping();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Wool socks')).toBeTruthy();
    expect(within(summary).getByText('Forest honey')).toBeTruthy();
    expect(within(summary).getByText('Will be calculated later')).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/orders/cart')).toHaveLength(1));
  });

  it('SHIP-01 SHIP-20 the buy-now step shows and syncs the buy-now item only', async () => {
    const calls = stubOrderApi();
    renderShipping('buyNow');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Heather honey')).toBeTruthy();
    expect(within(summary).queryByText('Wool socks')).toBeNull();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/orders/cart/buy-now')).toHaveLength(1));
  });
});

describe("'Use my Address Details' and the postal register", () => {
  it('SHIP-06 ORDER-15 fills the form from the address last shipped to, matching its country', async () => {
    const saved = { ...osloAddress, country: 'SE', city: 'Stockholm', postalCode: '111 22' };
    const calls = stubOrderApi({
      'GET /api/subscribers/profile': { user: profile({ shippingDetails: saved }) },
    });
    const { store } = renderShipping();
    await waitFor(() => expect(field(shippingForm(), labels.country).value).toBe('NOR'));
    expect(store.getState().order.detailsLookupStatus).toBe('idle');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use my Address Details' }));
    expect(store.getState().order.detailsLookupStatus).toBe('loading');
    await waitFor(() => expect(field(shippingForm(), labels.city).value).toBe('Stockholm'));
    expect(store.getState().order.detailsLookupStatus).toBe('success');
    await waitFor(() => expect(field(shippingForm(), labels.country).value).toBe('SWE'));
    expect(field(shippingForm(), labels.name).value).toBe('Kari Nordmann');
    expect(callsTo(calls, 'GET', '/api/subscribers/profile')[0]?.authorization).toBe(
      'Bearer access-1',
    );
  });

  it("SHIP-06 without a shipped-to address it fills the profile's own details", async () => {
    stubOrderApi({
      'GET /api/subscribers/profile': { user: profile({ city: 'Bergen', postalCode: '5003' }) },
      'GET /api/postal-codes/NOR/5003': answer(404, { message: 'Unknown postal code' }),
    });
    renderShipping();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use my Address Details' }));
    await waitFor(() => expect(field(shippingForm(), labels.city).value).toBe('Bergen'));
    await waitFor(() => expect(field(shippingForm(), labels.country).value).toBe('SWE'));
    expect(field(shippingForm(), labels.address).value).toBe('Storgata 1');
    expect(field(shippingForm(), labels.phone).value).toBe('+47 912 34 567');
  });

  it('SHIP-07 signed in with nothing saved, it says so beside the checkbox and leaves the form and the page as they are (issue 10.4)', async () => {
    stubOrderApi({
      'GET /api/subscribers/profile': {
        user: profile({ address: '', postalCode: '', city: '', shippingDetails: null }),
      },
    });
    const { location } = renderShipping();
    const form = shippingForm();
    await waitFor(() => expect(field(form, labels.country).value).toBe('NOR'));
    type(form, labels.name, 'Kari Nordmann');
    const checkbox = screen.getByRole('checkbox', { name: 'Use my Address Details' });
    fireEvent.click(checkbox);
    await waitFor(() => expect(checkbox.getAttribute('aria-describedby')).toBeTruthy());
    const notice = document.getElementById(checkbox.getAttribute('aria-describedby') ?? '');
    expect(notice?.textContent).toBe('You have no saved address yet. Please fill in the form.');
    expect((checkbox as HTMLInputElement).checked).toBe(false);
    expect(field(form, labels.name).value).toBe('Kari Nordmann');
    expect(location().pathname).toBe('/shipping');
  });

  it('ORDER-15 a failed lookup ends failed and says the address could not be loaded (issue 10.4)', async () => {
    stubOrderApi({ 'GET /api/subscribers/profile': answer(500, { message: 'Database down' }) });
    const { store, location } = renderShipping();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use my Address Details' }));
    expect(
      await screen.findByText('Your saved address could not be loaded. Please fill in the form.'),
    ).toBeTruthy();
    expect(store.getState().order.detailsLookupStatus).toBe('failed');
    expect(location().pathname).toBe('/shipping');
  });

  it('ORDER-15 a lookup refused for the session signs out, and the page sends the visitor to /login', async () => {
    stubOrderApi({
      'GET /api/subscribers/profile': tokenFailed,
      'POST /api/subscribers/refresh': tokenFailed,
    });
    const { store, location } = renderShipping();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use my Address Details' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(store.getState().order.detailsLookupStatus).toBe('failed');
  });

  it("SHIP-06 the account's Norwegian postal code fills the city from the register (issue 10.4)", async () => {
    stubOrderApi({
      'GET /api/subscribers/profile': {
        user: profile({ country: 'NO', ISOCode: 'NOR', postalCode: '0155', city: '' }),
      },
      'GET /api/postal-codes/NOR/0155': { postalCode: '0155', city: 'OSLO' },
    });
    renderShipping();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use my Address Details' }));
    await waitFor(() => expect(field(shippingForm(), labels.city).value).toBe('OSLO'));
    expect(field(shippingForm(), labels.postalCode).value).toBe('0155');
  });

  it('a Norwegian postal code of four digits fills the city from the register; an unknown one leaves it', async () => {
    const calls = stubOrderApi({
      'GET /api/postal-codes/NOR/0010': { postalCode: '0010', city: 'OSLO' },
      'GET /api/postal-codes/NOR/9990': answer(404, { message: 'Unknown postal code' }),
    });
    renderShipping();
    const form = shippingForm();
    await waitFor(() => expect(field(form, labels.country).value).toBe('NOR'));
    type(form, labels.postalCode, '001');
    type(form, labels.postalCode, '0010');
    await waitFor(() => expect(field(form, labels.city).value).toBe('OSLO'));
    type(form, labels.city, 'My town');
    type(form, labels.postalCode, '9990');
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/postal-codes/NOR/9990')).toHaveLength(1),
    );
    expect(field(form, labels.city).value).toBe('My town');
    expect(calls.some((call) => call.path === '/api/postal-codes/NOR/001')).toBe(false);
  });
});

describe("'Proceed to Checkout' with home delivery", () => {
  it('ORDER-01..06 ORDER-27 VAL-43 quotes, checks stock, validates, saves and opens /checkout', async () => {
    const calls = stubOrderApi();
    const { location } = renderShipping();
    await fillAddress(shippingForm());
    fireEvent.click(screen.getByRole('radio', { name: 'Same as Shipping Address' }));
    proceed();
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
    expect(location().state).toEqual({ shippingPrice: 99, storePickup: false });
    expect(orderCalls(calls)).toEqual([
      '/api/orders/shippingPrice',
      '/api/orders/check-stock',
      '/api/orders/shippingDetails',
    ]);
    const lines = cartLines.map(({ product, qty }) => ({ product, qty }));
    expect(callsTo(calls, 'POST', '/api/orders/shippingPrice')[0]?.body).toEqual({
      order: {
        cart: {
          cartItems: lines,
          quickBuy: false,
          toCountryCode: 'NOR',
          toPostalCode: '0155',
          currencyCode: 'NOK',
        },
      },
    });
    expect(callsTo(calls, 'POST', '/api/orders/check-stock')[0]?.body).toEqual({
      orderItems: lines,
    });
    const save = callsTo(calls, 'POST', '/api/orders/shippingDetails')[0];
    expect(save?.authorization).toBe('Bearer access-1');
    expect(save?.body).toEqual({ shippingDetails: osloAddress, billingAddress: osloAddress });
    expect(JSON.parse(localStorage.getItem(storageKeys.details) ?? 'null')).toEqual({
      shippingDetails: osloAddress,
      billingAddress: osloAddress,
    });
  });

  it('SHIP-01 ORDER-02 ORDER-06 the buy-now step quotes the buy-now item and opens /checkout/buy-now', async () => {
    const calls = stubOrderApi();
    const { location } = renderShipping('buyNow');
    await fillAddress(shippingForm());
    proceed();
    await waitFor(() => expect(location().pathname).toBe('/checkout/buy-now'));
    const quote = callsTo(calls, 'POST', '/api/orders/shippingPrice')[0]?.body as {
      order: { cart: { cartItems: CartLine[]; quickBuy: boolean } };
    };
    expect(quote.order.cart.quickBuy).toBe(true);
    expect(quote.order.cart.cartItems).toEqual([buyNowLine]);
    expect(callsTo(calls, 'POST', '/api/orders/check-stock')[0]?.body).toEqual({
      orderItems: [buyNowLine],
    });
  });

  it('SHIP-15 an unset billing choice counts as the shipping address', async () => {
    const calls = stubOrderApi();
    const { location } = renderShipping();
    await fillAddress(shippingForm());
    proceed();
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
    expect(callsTo(calls, 'POST', '/api/orders/shippingDetails')[0]?.body).toEqual({
      shippingDetails: osloAddress,
      billingAddress: osloAddress,
    });
  });

  it('ORDER-09 ORDER-10 ERR-20 a refused quote shows its message under the postal code and stays', async () => {
    const svalbard = 'We do not deliver to Svalbard';
    const calls = stubOrderApi({
      'POST /api/orders/shippingPrice': answer(400, { message: svalbard }),
    });
    const { location } = renderShipping();
    await fillAddress(shippingForm(), { ...osloAddress, postalCode: '9170', city: 'Longyearbyen' });
    proceed();
    const postal = field(shippingForm(), labels.postalCode);
    await waitFor(() => expect(messageOf(postal)).toBe(svalbard));
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    expect(location().pathname).toBe('/shipping');
    expect(orderCalls(calls)).toEqual(['/api/orders/shippingPrice']);
  });

  it('ORDER-11 a country not shipped to gets the server message', async () => {
    stubOrderApi({
      'POST /api/orders/shippingPrice': answer(400, { message: 'We do not ship to Japan' }),
    });
    renderShipping();
    await fillAddress(shippingForm());
    proceed();
    expect(await screen.findByText('We do not ship to Japan')).toBeTruthy();
  });

  it('ORDER-01 VAL-38 the next attempt clears the old message; an empty postal code shows the quote error', async () => {
    let refuse = true;
    stubOrderApi({
      'POST /api/orders/shippingPrice': () =>
        refuse
          ? answer(400, { message: 'Shipping postal code is required' })
          : { shippingPrice: 99 },
    });
    const { location } = renderShipping();
    await fillAddress(shippingForm(), { ...osloAddress, postalCode: '' });
    proceed();
    expect(await screen.findByText('Shipping postal code is required')).toBeTruthy();
    refuse = false;
    type(shippingForm(), labels.postalCode, '0155');
    proceed();
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
  });

  it('ORDER-08 lines short of stock send the shopper back to /cart with their messages', async () => {
    const problem = { product_id: socks._id, message: 'Wool socks out of stock!' };
    const calls = stubOrderApi({
      'POST /api/orders/check-stock': { responseArray: [problem] },
    });
    const { location, store } = renderShipping();
    await fillAddress(shippingForm());
    proceed();
    await waitFor(() => expect(location().pathname).toBe('/cart'));
    expect(store.getState().cart.cartStockMessages).toEqual({
      [problem.product_id]: problem.message,
    });
    expect(callsTo(calls, 'POST', '/api/orders/shippingDetails')).toHaveLength(0);
  });

  it('ORDER-08 ERR-17 a failed stock check of the buy-now item returns to /cart/buy-now', async () => {
    stubOrderApi({ 'POST /api/orders/check-stock': answer(500, { message: 'Database down' }) });
    const { location } = renderShipping('buyNow');
    await fillAddress(shippingForm());
    proceed();
    await waitFor(() => expect(location().pathname).toBe('/cart/buy-now'));
  });

  it('ORDER-04 ORDER-07 VAL-29..35 VAL-37 VAL-40 invalid fields stay with their messages in red', async () => {
    const calls = stubOrderApi();
    const { location } = renderShipping();
    const form = shippingForm();
    await waitFor(() => expect(field(form, labels.country).value).toBe('NOR'));
    type(form, labels.name, 'Kari');
    type(form, labels.phone, '   ');
    type(form, labels.email, 'kari@example');
    type(form, labels.postalCode, '0155');
    proceed();
    await waitFor(() => expect(messageOf(field(form, labels.name))).toBe('Invalid Name!'));
    expect(messageOf(field(form, labels.phone))).toBe('Invalid Phone!');
    expect(messageOf(field(form, labels.email))).toBe('Invalid Email!');
    expect(messageOf(field(form, labels.address))).toBe('Invalid Address!');
    expect(messageOf(field(form, labels.city))).toBe('Invalid city!');
    expect(messageOf(field(form, labels.apartmentNumber))).toBe('');
    expect(messageOf(field(form, labels.postalCode))).toBe('');
    const alert = within(form).getByText('Invalid Name!');
    expect(alert.className).toContain('text-danger');
    expect(location().pathname).toBe('/shipping');
    expect(callsTo(calls, 'POST', '/api/orders/shippingDetails')).toHaveLength(0);
  });

  it("VAL-29..40 an empty form shows every message at once, the postal code's too, and focuses the first field in error (issue 10.5)", async () => {
    const calls = stubOrderApi({
      'POST /api/orders/shippingPrice': answer(400, {
        message: 'Shipping postal code is required',
      }),
    });
    const { location } = renderShipping();
    const form = shippingForm();
    await waitFor(() => expect(field(form, labels.country).value).toBe('NOR'));
    proceed();
    await waitFor(() =>
      expect(messageOf(field(form, labels.postalCode))).toBe('Shipping postal code is required'),
    );
    expect(messageOf(field(form, labels.name))).toBe('Invalid Name!');
    expect(messageOf(field(form, labels.phone))).toBe('Invalid Phone!');
    expect(messageOf(field(form, labels.email))).toBe('Invalid Email!');
    expect(messageOf(field(form, labels.address))).toBe('Invalid Address!');
    expect(messageOf(field(form, labels.apartmentNumber))).toBe('');
    expect(messageOf(field(form, labels.city))).toBe('Invalid city!');
    await waitFor(() => expect(document.activeElement).toBe(field(form, labels.name)));
    expect(location().pathname).toBe('/shipping');
    expect(orderCalls(calls)).toEqual(['/api/orders/shippingPrice']);
  });

  it('VAL-38 only the postal code wrong: it alone is in error and takes the focus (issue 10.5)', async () => {
    stubOrderApi({
      'POST /api/orders/shippingPrice': answer(400, { message: 'We do not deliver to Svalbard' }),
    });
    renderShipping();
    const form = shippingForm();
    await fillAddress(form, { ...osloAddress, postalCode: '9170', city: 'Longyearbyen' });
    proceed();
    const postal = field(form, labels.postalCode);
    await waitFor(() => expect(document.activeElement).toBe(postal));
    expect(within(form).getAllByRole('alert')).toHaveLength(1);
  });

  it('VAL-30 VAL-33 VAL-36 accented names, any phone and an empty Address line 2 pass', async () => {
    const calls = stubOrderApi();
    const { location } = renderShipping();
    await fillAddress(shippingForm(), {
      ...osloAddress,
      name: 'Åse Ødegård',
      phone: 'call me',
      apartmentNumber: '',
    });
    proceed();
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
    const saved = callsTo(calls, 'POST', '/api/orders/shippingDetails')[0]?.body as {
      shippingDetails: { apartmentNumber: string; name: string };
    };
    expect(saved.shippingDetails.apartmentNumber).toBe('');
    expect(saved.shippingDetails.name).toBe('Åse Ødegård');
  });

  it('VAL-32 VAL-37 VAL-39 VAL-41 VAL-42 a different billing address has the billing messages', async () => {
    stubOrderApi();
    const { location } = renderShipping();
    await fillAddress(shippingForm());
    fireEvent.click(screen.getByRole('radio', { name: 'Use Different Address' }));
    const billing = billingForm();
    type(billing, labels.name, 'Ola Nordmann');
    fireEvent.change(field(billing, labels.country), { target: { value: 'SWE' } });
    proceed();
    await waitFor(() => expect(messageOf(field(billing, labels.phone))).toBe('Invalid Phone'));
    expect(messageOf(field(billing, labels.name))).toBe('');
    expect(messageOf(field(billing, labels.email))).toBe('Invalid Email!');
    expect(messageOf(field(billing, labels.postalCode))).toBe('Invalid Postal Code!');
    expect(messageOf(field(billing, labels.city))).toBe('Invalid City!');
    expect(messageOf(field(shippingForm(), labels.name))).toBe('');
    expect(location().pathname).toBe('/shipping');
  });

  it('VAL-42 ORDER-27 a valid different billing address is saved as billingAddress', async () => {
    const calls = stubOrderApi();
    const { location } = renderShipping();
    await fillAddress(shippingForm());
    fireEvent.click(screen.getByRole('radio', { name: 'Use Different Address' }));
    const billingAddress = {
      ...osloAddress,
      name: 'Ola Nordmann',
      country: 'SWE',
      postalCode: '111 22',
      city: 'Stockholm',
    };
    await fillAddress(billingForm(), billingAddress);
    proceed();
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
    expect(callsTo(calls, 'POST', '/api/orders/shippingDetails')[0]?.body).toEqual({
      shippingDetails: osloAddress,
      billingAddress,
    });
  });

  it('ORDER-05 a refused save shows the server message and stays', async () => {
    stubOrderApi({
      'POST /api/orders/shippingDetails': answer(400, { message: 'email must be valid' }),
    });
    const { location } = renderShipping();
    await fillAddress(shippingForm());
    proceed();
    expect((await screen.findByRole('alert')).textContent).toBe('email must be valid');
    expect(location().pathname).toBe('/shipping');
    expect(localStorage.getItem(storageKeys.details)).toBeNull();
  });
});

describe('the form and its shared schema (issue 11)', () => {
  it("each field in error shows the shared shipping-step schema's message for it", async () => {
    stubOrderApi();
    renderShipping();
    const shipping = { ...osloAddress, name: 'Kari', email: 'kari@example', city: '' };
    await fillAddress(shippingForm(), shipping);
    fireEvent.click(screen.getByRole('radio', { name: 'Use Different Address' }));
    const billing = { ...osloAddress, phone: ' ', postalCode: '' };
    await fillAddress(billingForm(), billing);
    proceed();
    const issues =
      shippingStepFormSchema.safeParse({ shipping, billing, billingChoice: 'different' }).error
        ?.issues ?? [];
    expect(issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['shipping.name', 'Invalid Name!'],
      ['shipping.email', 'Invalid Email!'],
      ['shipping.city', 'Invalid city!'],
      ['billing.phone', 'Invalid Phone'],
      ['billing.postalCode', 'Invalid Postal Code!'],
    ]);
    await waitFor(() =>
      expect(messageOf(field(shippingForm(), labels.name))).toBe('Invalid Name!'),
    );
    for (const { path, message } of issues) {
      const [kind, key] = path as ['shipping' | 'billing', keyof typeof labels];
      const form = kind === 'shipping' ? shippingForm() : billingForm();
      expect(messageOf(field(form, labels[key]))).toBe(message);
    }
    expect(within(shippingForm()).getAllByRole('alert')).toHaveLength(3);
    expect(within(billingForm()).getAllByRole('alert')).toHaveLength(2);
  });

  it('the messages stay as they were while the shopper types, until the next attempt', async () => {
    const calls = stubOrderApi();
    const { location } = renderShipping();
    await fillAddress(shippingForm(), { ...osloAddress, name: 'Kari' });
    proceed();
    await waitFor(() =>
      expect(messageOf(field(shippingForm(), labels.name))).toBe('Invalid Name!'),
    );
    type(shippingForm(), labels.name, 'Kari Nordmann');
    type(shippingForm(), labels.email, 'kari@example');
    await settle();
    expect(messageOf(field(shippingForm(), labels.name))).toBe('Invalid Name!');
    expect(messageOf(field(shippingForm(), labels.email))).toBe('');
    type(shippingForm(), labels.email, osloAddress.email);
    proceed();
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
    expect(callsTo(calls, 'POST', '/api/orders/shippingDetails')).toHaveLength(1);
  });
});

describe('store pickup', () => {
  it('ORDER-12 ORDER-13 ORDER-14 an empty form goes straight to checkout with price 0 and storePickup true', async () => {
    const calls = stubOrderApi();
    const { location } = renderShipping();
    fireEvent.click(screen.getByRole('radio', { name: 'Store Pickup' }));
    proceed();
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
    expect(location().state).toEqual({ shippingPrice: 0, storePickup: true });
    expect(orderCalls(calls)).toEqual([]);
    expect(localStorage.getItem(storageKeys.details)).toBeNull();
  });

  it('SHIP-04 shows the store address and opening hours, and a shipping cost of 0 (issue 10.15)', async () => {
    stubOrderApi();
    renderShipping();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Will be calculated later')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Store Pickup' }));
    const store = screen.getByRole('region', { name: 'Pick up your order at our store' });
    await within(store).findByText('Storgata 12, 0155 Oslo, Norway', { exact: false });
    expect(store.textContent).toContain(servedShop.name);
    expect(servedShop.openingHours).toHaveLength(3);
    for (const hours of servedShop.openingHours) expect(store.textContent).toContain(hours);
    expect(within(summary).queryByText('Will be calculated later')).toBeNull();
    expect(within(summary).getByRole('definition', { name: 'Shipping cost' }).textContent).toBe(
      formatAmount(0, 1, 'NOK'),
    );
  });

  it('SHIP-04 the store box shows the address and opening hours the server answers', async () => {
    stubOrderApi(
      shopDetailsAnswer({
        name: 'Fjordhandel',
        street: 'Kongens gate 5',
        postalCode: '7011',
        city: 'Trondheim',
        openingHours: ['Tuesday–Saturday 11:00–17:00'],
      }),
    );
    renderShipping();
    fireEvent.click(screen.getByRole('radio', { name: 'Store Pickup' }));
    const store = screen.getByRole('region', { name: 'Pick up your order at our store' });
    const address = await within(store).findByText('Kongens gate 5, 7011 Trondheim, Norway', {
      exact: false,
    });
    expect(address.textContent).toContain('Fjordhandel');
    expect(within(store).getByRole('heading', { name: 'Opening hours' })).toBeTruthy();
    expect(
      within(store)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tuesday–Saturday 11:00–17:00']);
    expect(store.textContent).not.toContain(servedShop.street);
    expect(store.textContent).not.toContain(servedShop.openingHours[0]);
  });
});

describe('the shipping step keeps what was saved (issue 29.8)', () => {
  it('opened again (Back from the payment page) it shows the saved details filled in, the billing choice too', async () => {
    const billing = { ...osloAddress, name: 'Ola Nordmann', address: 'Kirkegata 2' };
    writeSavedDetails({ shippingDetails: osloAddress, billingAddress: billing });
    const calls = stubOrderApi();
    const { location } = renderShipping();
    const form = shippingForm();
    await waitFor(() => expect(field(form, labels.country).value).toBe('NOR'));
    for (const [key, label] of Object.entries(labels))
      expect(field(form, label).value, label).toBe(osloAddress[key as keyof typeof labels]);
    expect(
      (screen.getByRole('radio', { name: 'Use Different Address' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(field(billingForm(), labels.name).value).toBe('Ola Nordmann');
    expect(field(billingForm(), labels.address).value).toBe('Kirkegata 2');

    proceed();
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
    expect(callsTo(calls, 'POST', '/api/orders/shippingDetails')[0]?.body).toEqual({
      shippingDetails: osloAddress,
      billingAddress: billing,
    });
  });

  it("saved with 'Same as Shipping Address', that choice is made again", async () => {
    writeSavedDetails({ shippingDetails: osloAddress, billingAddress: osloAddress });
    stubOrderApi();
    renderShipping();
    await waitFor(() => expect(field(shippingForm(), labels.name).value).toBe('Kari Nordmann'));
    expect(
      (screen.getByRole('radio', { name: 'Same as Shipping Address' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.queryByRole('group', { name: 'Billing Address Details' })).toBeNull();
  });
});

describe('the address fields take no more than the server keeps (issue 29.12)', () => {
  it("every field has the shared schema's limit as its maxlength", async () => {
    stubOrderApi();
    renderShipping();
    fireEvent.click(screen.getByRole('radio', { name: 'Use Different Address' }));
    for (const form of [shippingForm(), billingForm()])
      for (const [key, label] of Object.entries(labels)) {
        if (key === 'country') continue;
        expect(field(form, label).maxLength, label).toBe(
          addressFieldMaxLengths[key as keyof typeof labels],
        );
      }
  });

  it('a value longer than its field says so in words, for shipping and billing alike', async () => {
    const calls = stubOrderApi();
    renderShipping();
    await fillAddress(shippingForm());
    fireEvent.click(screen.getByRole('radio', { name: 'Use Different Address' }));
    await fillAddress(billingForm());
    type(shippingForm(), labels.address, 'Storgata '.repeat(30));
    type(billingForm(), labels.city, 'Oslo'.repeat(60));
    proceed();
    await waitFor(() =>
      expect(messageOf(field(shippingForm(), labels.address))).toBe(
        'Address is too long (at most 200 characters).',
      ),
    );
    expect(messageOf(field(billingForm(), labels.city))).toBe(
      'City is too long (at most 200 characters).',
    );
    expect(document.body.textContent).not.toMatch(/Too big|expected string/);
    expect(callsTo(calls, 'POST', '/api/orders/shippingDetails')).toHaveLength(0);
  });
});

describe('Norwegian postal codes outside Posten’s numbers (issue 29.7)', () => {
  it('0000 is refused at the postal code in the quote’s words, without asking the register for its city', async () => {
    const calls = stubOrderApi();
    const { location } = renderShipping();
    const form = shippingForm();
    await fillAddress(form, { ...osloAddress, postalCode: '0000', city: 'Nowhere' });
    fireEvent.click(screen.getByRole('radio', { name: 'Same as Shipping Address' }));
    proceed();
    await waitFor(() =>
      expect(messageOf(field(form, labels.postalCode))).toBe(
        'Please enter a valid Norwegian postal code',
      ),
    );
    expect(location().pathname).toBe('/shipping');
    expect(calls.some((call) => call.path.startsWith('/api/postal-codes/'))).toBe(false);
    expect(screen.queryByText(unknownPostalCode)).toBeNull();
    expect(callsTo(calls, 'POST', '/api/orders/shippingDetails')).toHaveLength(0);
  });

  it('a billing address in Norway needs a real postal code too', async () => {
    stubOrderApi();
    renderShipping();
    await fillAddress(shippingForm());
    fireEvent.click(screen.getByRole('radio', { name: 'Use Different Address' }));
    await fillAddress(billingForm(), { ...osloAddress, postalCode: '9999' });
    proceed();
    await waitFor(() =>
      expect(messageOf(field(billingForm(), labels.postalCode))).toBe(
        shippingTexts.invalidBillingPostalCode,
      ),
    );
  });
});
