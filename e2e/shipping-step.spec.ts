import { expect, test, type APIRequestContext, type Page } from './support/test.js';
import { formatAmount, shopAddressLine, shopDetailsSchema, type SessionUser } from '@shop/shared';
import { createAccount, logIn, password } from './support/accounts.js';
import { findProduct } from './support/catalogue.js';
import { fillOsloAddress } from './support/checkout.js';
import { en, enUrl } from './support/english.js';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

async function shopperWithCart(page: Page, request: APIRequestContext, name: string) {
  const account = await createAccount(request, { name });
  await logIn(page, account.email);
  await expect(page).toHaveURL(enUrl(/\/$/));
  const item = await findProduct(request, 'is in stock', (product) => product.stock > 5);
  await page.goto(en(`/product/${item.slug}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(en('/shipping'));
  await expect(page.getByLabel('Full Name')).toBeVisible();
  return { ...account, item };
}

async function apiSession(request: APIRequestContext, email: string) {
  const login = await request.post('/api/subscribers/login', { data: { email, password } });
  const user = (await login.json()) as SessionUser;
  return { user, headers: { authorization: `Bearer ${user.accessToken}` } };
}

const messageOf = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((element) => element?.getAttribute('role') === 'alert')
      .map((element) => element?.textContent)
      .join(' '),
  );

test('VAL-29..40 an empty form shows every message at once and puts the focus on the first field in error (issue 10.5)', async ({
  page,
  request,
}) => {
  await shopperWithCart(page, request, 'Erik Errors');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page.getByText('Invalid Name!')).toBeVisible();
  expect(await messageOf(page, 'Full Name')).toBe('Invalid Name!');
  expect(await messageOf(page, 'Phone Number')).toBe('Invalid Phone!');
  expect(await messageOf(page, 'Email')).toBe('Invalid Email!');
  expect(await messageOf(page, 'Address line 1')).toBe('Invalid Address!');
  expect(await messageOf(page, 'City')).toBe('Invalid city!');
  // The postal code's message is the shipping quote's refusal, in the same round.
  expect(await messageOf(page, 'Postal Code')).not.toBe('');
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await expect(page).toHaveURL(enUrl(/\/shipping$/));
});

test("SHIP-07 'Use my Address Details' with nothing saved says so and keeps the shopper and the cart on the step (issue 10.4)", async ({
  page,
  request,
}) => {
  await shopperWithCart(page, request, 'Nina Nothingsaved');
  await page.getByLabel('Full Name').fill('Nina Nothingsaved');
  const useMine = page.getByRole('checkbox', { name: 'Use my Address Details' });
  await useMine.click();
  await expect(
    page.getByText('You have no saved address yet. Please fill in the form.'),
  ).toBeVisible();
  await expect(useMine).not.toBeChecked();
  await expect(page).toHaveURL(enUrl(/\/shipping$/));
  await expect(page.getByLabel('Full Name')).toHaveValue('Nina Nothingsaved');
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toBeVisible();
});

test("SHIP-06 'Use my Address Details' fills the address saved last: the last order's, then the account's once it is changed, its postal code filling the city (issue 10.4)", async ({
  page,
  request,
}) => {
  const { email } = await shopperWithCart(page, request, 'Anders Address');
  const { user, headers } = await apiSession(request, email);
  const bergen = {
    name: 'Anders Address',
    phone: '+47 900 00 000',
    email,
    address: 'Bryggen 1',
    apartmentNumber: 'H0101',
    city: 'Bergen',
    country: 'NOR',
    postalCode: '5003',
  };
  const saved = await request.post('/api/orders/shippingDetails', {
    headers,
    data: { shippingDetails: bergen, billingAddress: bergen },
  });
  expect(saved.status()).toBe(200);

  const useMine = page.getByRole('checkbox', { name: 'Use my Address Details' });
  await useMine.click();
  await expect(page.getByLabel('Address line 1')).toHaveValue('Bryggen 1');
  await expect(page.getByLabel('City')).toHaveValue('Bergen');
  await useMine.click();

  // The shopper moves and changes the account's address, without a city.
  const edited = await request.put(`/api/subscribers/${user._id}`, {
    headers,
    data: {
      name: 'Anders Address',
      phone: '+47 900 00 000',
      address: 'Storgata 1',
      apartmentNumber: 'H0201',
      postalCode: '0155',
      city: '',
      country: 'NO',
    },
  });
  expect(edited.status()).toBe(200);
  await useMine.click();
  await expect(page.getByLabel('Address line 1')).toHaveValue('Storgata 1');
  await expect(page.getByLabel('Postal Code')).toHaveValue('0155');
  await expect(page.getByLabel('City')).toHaveValue(/^oslo$/i);
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('NOR');
});

test('SHIP-04 CONST-24 store pickup shows the store address and opening hours, and shipping costs 0 (issue 10.15)', async ({
  page,
  request,
}) => {
  await shopperWithCart(page, request, 'Stine Store');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  const shippingCost = summary.locator('dt:text-is("Shipping cost") + dd');
  await expect(shippingCost).toHaveText('Will be calculated later');
  await page.getByLabel('Store Pickup').check();
  const store = page.getByRole('region', { name: 'Pick up your order at our store' });
  // The store is where the owner's settings say (issue 14).
  const shop = shopDetailsSchema.parse(await (await request.get('/api/shop')).json());
  await expect(store).toContainText(shopAddressLine(shop));
  await expect(store.getByText('Opening hours')).toBeVisible();
  await expect(store.getByRole('listitem')).toHaveText([...shop.openingHours]);
  await expect(shippingCost).toHaveText(plain(formatAmount(0, 1, 'NOK')), { useInnerText: true });
});

test('Back from the payment page shows the shipping details as they were saved (issue 29.8)', async ({
  page,
  request,
}) => {
  const { email } = await shopperWithCart(page, request, 'Bea Backwards');
  await fillOsloAddress(page, 'Bea Backwards', email);
  await page.getByLabel('Address line 2 (optional)').fill('H0301');
  await page.getByLabel('Use Different Address').check();
  const billing = page.getByRole('group', { name: 'Billing Address Details' });
  await billing.getByLabel('Full Name').fill('Bo Backwards');
  await billing.getByLabel('Phone Number').fill('+47 400 00 000');
  await billing.getByLabel('Email').fill(email);
  await billing.getByLabel('Address line 1').fill('Kirkegata 2');
  await billing.getByLabel('Postal Code').fill('5003');
  await expect(billing.getByLabel('City')).toHaveValue(/^bergen$/i);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(enUrl(/\/checkout$/));

  await page.goBack();
  await expect(page).toHaveURL(enUrl(/\/shipping$/));
  const shipping = page.getByRole('group', { name: 'Shipping Details' });
  await expect(shipping.getByLabel('Full Name')).toHaveValue('Bea Backwards');
  await expect(shipping.getByLabel('Phone Number')).toHaveValue('+47 912 34 567');
  await expect(shipping.getByLabel('Email')).toHaveValue(email);
  await expect(shipping.getByLabel('Address line 1')).toHaveValue('Storgata 1');
  await expect(shipping.getByLabel('Address line 2 (optional)')).toHaveValue('H0301');
  await expect(shipping.getByLabel('Postal Code')).toHaveValue('0155');
  await expect(shipping.getByLabel('City')).toHaveValue('Oslo');
  await expect(shipping.getByLabel('Country', { exact: true })).toHaveValue('NOR');
  await expect(page.getByLabel('Use Different Address')).toBeChecked();
  await expect(billing.getByLabel('Full Name')).toHaveValue('Bo Backwards');
  await expect(billing.getByLabel('Address line 1')).toHaveValue('Kirkegata 2');
  // What is shown is what goes on: the step proceeds again as it stands.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(enUrl(/\/checkout$/));
});

test("VAL-38 ERR-20 a Norwegian postal code outside Posten's numbers is refused at the postal code, and no city is asked for (issue 29.7)", async ({
  page,
  request,
}) => {
  const { email } = await shopperWithCart(page, request, 'Nils Nullcode');
  await fillOsloAddress(page, 'Nils Nullcode', email);
  await page.getByLabel('Postal Code').fill('0000');
  await page.getByLabel('Same as Shipping Address').check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(enUrl(/\/shipping$/));
  await expect
    .poll(() => messageOf(page, 'Postal Code'))
    .toBe('Please enter a valid Norwegian postal code');
  await expect(
    page.getByText('We don’t know this postal code yet — please type your city.'),
  ).toHaveCount(0);
  await expect(page.getByLabel('Postal Code')).toBeFocused();
});
