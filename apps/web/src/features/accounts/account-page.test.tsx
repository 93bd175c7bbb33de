import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountServerMessages, profileFormSchema, type ProfileFormValues } from '@shop/shared';
import { loadLanguage } from '../../i18n/catalogues.js';
import { storageKeys } from '../../lib/storage.js';
import { answer, callsTo, type FetchCall } from '../../test/fetch-stub.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import {
  profile,
  sessionUser,
  signedInStore,
  stubAccountsApi,
  tokenFailed,
} from './accounts-test-kit.js';
import AccountPage from './account-page.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profilePath = '/api/subscribers/profile';
const updatePath = `/api/subscribers/${profile()._id}`;

function renderAccount(store = signedInStore()) {
  return renderWithShop(<AccountPage />, { path: '/account', url: '/account', store });
}

const details = () => screen.getByRole('region', { name: 'My Details' });
const detail = (label: string) =>
  within(details()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const dialog = () => screen.getByRole('dialog');
const type = (name: string, value: string) =>
  fireEvent.input(within(dialog()).getByLabelText(name), { target: { value } });

async function openEdit() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  return dialog();
}

describe('account area', () => {
  it('AREA-03 a visitor who opens /account goes to /login', () => {
    stubAccountsApi({});
    const { location } = renderWithShop(<AccountPage />, { path: '/account', url: '/account' });
    expect(location().pathname).toBe('/login');
  });

  it('AREA-03 a guest user goes to /login too', () => {
    const calls = stubAccountsApi({});
    const { location } = renderAccount(signedInStore(sessionUser({ provider: 'guest' })));
    expect(location().pathname).toBe('/login');
    expect(callsTo(calls, 'GET', profilePath)).toHaveLength(0);
  });

  it("AREA-01 the side menu shows 'Account Details', 'My Orders', 'My Reviews' and 'Log Out'", async () => {
    stubAccountsApi({ [`GET ${profilePath}`]: { user: profile() } });
    renderAccount();
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Account Details', '/account'],
      ['My Orders', '/orders'],
      ['My Reviews', '/reviews'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Account Details' }).ariaCurrent).toBe('page');
    expect(within(menu).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    await screen.findByRole('region', { name: 'My Details' });
  });

  it("AREA-02 'Log Out' logs the user out", async () => {
    const calls = stubAccountsApi({ [`GET ${profilePath}`]: { user: profile() } });
    const { store, location } = renderAccount();
    await screen.findByRole('region', { name: 'My Details' });
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(store.getState().session.userInfo).toBeNull();
    expect(localStorage.getItem(storageKeys.userInfo)).toBeNull();
    expect(location().pathname).toBe('/');
    expect(callsTo(calls, 'POST', '/api/subscribers/logout')).toHaveLength(1);
  });
});

describe('my details', () => {
  it('SESSION-08 ROLE-13 MYACC-01 loads the profile and shows name, country, phone, email and address', async () => {
    const calls = stubAccountsApi({ [`GET ${profilePath}`]: { user: profile() } });
    renderAccount();
    await screen.findByRole('region', { name: 'My Details' });
    expect(callsTo(calls, 'GET', profilePath)[0]?.authorization).toBe('Bearer access-1');
    expect(screen.getByRole('heading', { name: 'My Details' })).toBeTruthy();
    expect(detail('Name')).toBe('Kari Nordmann');
    await waitFor(() => expect(detail('Country')).toBe('Sweden'));
    expect(detail('Phone')).toBe('+47 912 34 567');
    expect(detail('Email')).toBe('kari@example.no');
    expect(detail('Address')).toBe('Storgata 1, H0201, 0155 Oslo');
  });

  it('SESSION-09 ERR-10 a refused token on the profile call logs out and opens /login', async () => {
    stubAccountsApi({
      [`GET ${profilePath}`]: tokenFailed,
      'POST /api/subscribers/refresh': tokenFailed,
    });
    const { store, location } = renderAccount();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(store.getState().session.userInfo).toBeNull();
  });
});

describe('the edit modal', () => {
  it('MYACC-02 MYACC-03 ACCOUNT-01 edits the details, sends them, refreshes and closes', async () => {
    const calls = stubAccountsApi({
      [`GET ${profilePath}`]: { user: profile() },
      [`PUT ${updatePath}`]: (call: FetchCall) => ({
        user: profile({ ...(call.body as object), country: 'DE', ISOCode: 'DEU' }),
      }),
    });
    const { store } = renderAccount();
    const modal = await openEdit();
    expect(within(modal).getByRole('heading', { name: 'Edit details' })).toBeTruthy();
    const labels = [
      'Name',
      'Phone',
      'Address',
      'Apartment Number',
      'Postal Code',
      'City',
      'Country',
    ];
    for (const label of labels) expect(within(modal).getByLabelText(label)).toBeTruthy();
    expect((within(modal).getByLabelText('Name') as HTMLInputElement).value).toBe('Kari Nordmann');

    type('Name', 'Kari Hansen');
    type('Phone', '+47 400 00 000');
    type('Address', 'Kirkegata 2');
    type('Apartment Number', 'U0101');
    type('Postal Code', '10115');
    type('City', 'Berlin');
    await within(modal).findByRole('option', { name: 'Germany' });
    fireEvent.change(within(modal).getByLabelText('Country'), { target: { value: 'DEU' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [update] = callsTo(calls, 'PUT', updatePath);
    expect(update?.authorization).toBe('Bearer access-1');
    expect(update?.body).toEqual({
      name: 'Kari Hansen',
      phone: '+47 400 00 000',
      address: 'Kirkegata 2',
      apartmentNumber: 'U0101',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DEU',
      countryDetails: { Country: 'Germany', ISOCode: 'DEU', CurrencyCode: 'EUR' },
    });
    expect(detail('Name')).toBe('Kari Hansen');
    expect(detail('Country')).toBe('Germany');
    expect(detail('Address')).toBe('Kirkegata 2, U0101, 10115 Berlin');
    expect(store.getState().session).toMatchObject({
      isUpdateSuccess: true,
      isPasswordUpdated: false,
    });
    expect(store.getState().session.userInfo?.name).toBe('Kari Hansen');
  });

  it('an account with a one-word name edits its other details; a new name follows the sign-up rule (issue 29.12)', async () => {
    const calls = stubAccountsApi({
      [`GET ${profilePath}`]: { user: profile({ name: 'Madonna' }) },
      [`PUT ${updatePath}`]: (call: FetchCall) => ({
        user: profile({ ...(call.body as object), name: 'Madonna' }),
      }),
    });
    renderAccount(signedInStore(sessionUser({ name: 'Madonna' })));
    const modal = await openEdit();
    type('Name', 'Cher');
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Please enter your full name: at least two words of 2 or more letters each.',
    );
    expect(callsTo(calls, 'PUT', updatePath)).toHaveLength(0);

    type('Name', 'Madonna');
    type('Phone', '+47 400 00 000');
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'PUT', updatePath)[0]?.body).toMatchObject({
      name: 'Madonna',
      phone: '+47 400 00 000',
    });
  });

  it("every detail's field takes no more than the server keeps, and more is refused in words (issue 29.12)", async () => {
    const calls = stubAccountsApi({ [`GET ${profilePath}`]: { user: profile() } });
    renderAccount();
    const modal = await openEdit();
    const limits = {
      Name: 100,
      Phone: 40,
      Address: 200,
      'Apartment Number': 200,
      'Postal Code': 20,
      City: 100,
    };
    for (const [label, max] of Object.entries(limits))
      expect((within(modal).getByLabelText(label) as HTMLInputElement).maxLength, label).toBe(max);
    type('Address', 'Kirkegata '.repeat(25));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Address is too long (at most 200 characters).',
    );
    expect(callsTo(calls, 'PUT', updatePath)).toHaveLength(0);
  });

  it('a newly typed Norwegian postal code fills the city (issue 10.15)', async () => {
    const calls = stubAccountsApi({
      [`GET ${profilePath}`]: {
        user: profile({ ISOCode: 'NOR', postalCode: '0155', city: 'Oslo' }),
      },
      'GET /api/postal-codes/NOR/5003': { postalCode: '5003', city: 'Bergen' },
    });
    renderAccount();
    const modal = await openEdit();
    await within(modal).findByRole('option', { name: 'Norway' });
    fireEvent.change(within(modal).getByLabelText('Country'), { target: { value: 'NOR' } });
    expect(callsTo(calls, 'GET', '/api/postal-codes/NOR/0155')).toHaveLength(0);
    type('Postal Code', '5003');
    await waitFor(() =>
      expect((within(modal).getByLabelText('City') as HTMLInputElement).value).toBe('Bergen'),
    );
  });

  it('MYACC-04 ACCOUNT-02 changing the password sends updatePassword and logs out to /login', async () => {
    const calls = stubAccountsApi({
      [`GET ${profilePath}`]: { user: profile() },
      [`PUT ${updatePath}`]: { user: profile() },
    });
    const { store, location } = renderAccount();
    await openEdit();
    expect(within(dialog()).queryByLabelText('Previous Password')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Change password' }));
    type('Previous Password', 'Old#pass1');
    type('New Password', 'New#pass2');
    type('Repeat New Password', 'New#pass2');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(callsTo(calls, 'PUT', updatePath)[0]?.body).toMatchObject({
      updatePassword: true,
      previousPassword: 'Old#pass1',
      newPassword: 'New#pass2',
      newPassword1: 'New#pass2',
    });
    expect(store.getState().session.userInfo).toBeNull();
    expect(localStorage.getItem(storageKeys.userInfo)).toBeNull();
  });

  it('VAL-17 a weak new password shows the strength rule and sends nothing', async () => {
    const calls = stubAccountsApi({ [`GET ${profilePath}`]: { user: profile() } });
    renderAccount();
    await openEdit();
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Change password' }));
    type('Previous Password', 'Old#pass1');
    type('New Password', 'weakpass');
    type('Repeat New Password', 'weakpass');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Password must contain a combination of numbers, small letters, capital letters and special characters.',
    );
    expect(callsTo(calls, 'PUT', updatePath)).toHaveLength(0);
  });

  it.each([
    [accountServerMessages.oldPasswordMismatch, 'Previous Password does not match.', 'ERR-08'],
    [accountServerMessages.newPasswordsMismatch, 'Password does not match.', 'ERR-09'],
    ['Phone must be at most 40 characters', 'Phone must be at most 40 characters', 'ERR-01'],
  ])('VAL-18 %s is shown as %s (%s)', async (serverMessage, banner) => {
    stubAccountsApi({
      [`GET ${profilePath}`]: { user: profile() },
      [`PUT ${updatePath}`]: answer(400, { message: serverMessage }),
    });
    const { store } = renderAccount();
    await openEdit();
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Change password' }));
    type('Previous Password', 'Wrong#pass1');
    type('New Password', 'New#pass2');
    type('Repeat New Password', 'New#pass2');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(banner);
    expect(store.getState().session.userInfo).not.toBeNull();
  });

  it('VAL-18 ERR-09 recognises the server’s bokmål answer on a Norwegian page and shows the bokmål banner (issue 31.6)', async () => {
    stubAccountsApi({
      [`GET ${profilePath}`]: { user: profile() },
      [`PUT ${updatePath}`]: answer(400, { message: 'Passordene er ikke like' }),
    });
    renderWithShop(<AccountPage />, {
      path: '/account',
      url: '/account',
      store: signedInStore(),
      i18n: await loadLanguage('nb'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Endre' }));
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Endre passord' }));
    type('Nåværende passord', 'Wrong#pass1');
    type('Nytt passord', 'New#pass2');
    type('Gjenta det nye passordet', 'New#pass2');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Lagre endringer' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Passordene er ikke like.',
    );
  });
});

describe('the edit modal and its shared schema (issue 11)', () => {
  const formOfProfile: ProfileFormValues = {
    name: '',
    phone: '',
    address: '',
    apartmentNumber: '',
    postalCode: '',
    city: '',
    country: '',
    changePassword: false,
    previousPassword: '',
    newPassword: '',
    newPassword1: '',
  };

  it("a blank name shows the shared schema's message and sends nothing", async () => {
    const calls = stubAccountsApi({ [`GET ${profilePath}`]: { user: profile() } });
    renderAccount();
    await openEdit();
    type('Name', '   ');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    const message = profileFormSchema(profile().name).safeParse({ ...formOfProfile, name: '   ' })
      .error?.issues[0]?.message;
    expect(message).toBe('Name is required');
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(message);
    expect(callsTo(calls, 'PUT', updatePath)).toHaveLength(0);
  });

  it("VAL-17 a new password repeated differently shows 'Password does not match.'", async () => {
    const calls = stubAccountsApi({ [`GET ${profilePath}`]: { user: profile() } });
    renderAccount();
    await openEdit();
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Change password' }));
    type('Previous Password', 'Old#pass1');
    type('New Password', 'New#pass2');
    type('Repeat New Password', 'New#pass3');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    const message = profileFormSchema(profile().name).safeParse({
      ...formOfProfile,
      name: 'Kari Nordmann',
      changePassword: true,
      newPassword: 'New#pass2',
      newPassword1: 'New#pass3',
    }).error?.issues[0]?.message;
    expect(message).toBe('Password does not match.');
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(message);
    expect(callsTo(calls, 'PUT', updatePath)).toHaveLength(0);
  });
});

describe('delete account', () => {
  async function openDelete() {
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    return dialog();
  }

  it('MYACC-05 VAL-22 VAL-23 a typed email that does not match shows the message and deletes nothing', async () => {
    const calls = stubAccountsApi({ [`GET ${profilePath}`]: { user: profile() } });
    renderAccount();
    const confirm = await openDelete();
    expect(within(confirm).getByText(/Type your email/)).toBeTruthy();
    type('Your email', 'someone@example.no');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete my account' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe('Email did not match');
    expect(callsTo(calls, 'DELETE', profilePath)).toHaveLength(0);
  });

  it('MYACC-06 VAL-23 ACCOUNT-03 a matching email deletes the account, logs out and opens /login', async () => {
    const calls = stubAccountsApi({
      [`GET ${profilePath}`]: { user: profile() },
      [`DELETE ${profilePath}`]: { message: accountServerMessages.accountDeleted },
    });
    const { store, location } = renderAccount();
    const confirm = await openDelete();
    type('Your email', ' Kari@Example.no ');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    // The login page confirms it (issue 10.15).
    expect(location().state).toEqual({ notice: accountServerMessages.accountDeleted });
    const [deletion] = callsTo(calls, 'DELETE', profilePath);
    expect(deletion?.authorization).toBe('Bearer access-1');
    expect(deletion?.body).toEqual({ email: 'Kari@Example.no' });
    expect(store.getState().session.userInfo).toBeNull();
  });

  it('speaks bokmål on a Norwegian page: the menu, the details, the edit dialog and deleting (issue 31.1)', async () => {
    stubAccountsApi({ [`GET ${profilePath}`]: { user: profile() } });
    renderWithShop(<AccountPage />, {
      path: '/account',
      url: '/account',
      store: signedInStore(),
      i18n: await loadLanguage('nb'),
    });
    const menu = screen.getByRole('navigation', { name: 'Konto' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Kontoopplysninger', 'Mine bestillinger', 'Mine anmeldelser']);
    expect(within(menu).getByRole('button', { name: 'Logg ut' })).toBeTruthy();
    const mine = await screen.findByRole('region', { name: 'Mine opplysninger' });
    expect(Array.from(mine.querySelectorAll('dt')).map((term) => term.textContent)).toEqual([
      'Navn',
      'Land',
      'Telefon',
      'E-post',
      'Adresse',
    ]);
    fireEvent.click(within(mine).getByRole('button', { name: 'Endre' }));
    const edit = await screen.findByRole('dialog', { name: 'Endre opplysninger' });
    expect(within(edit).getByLabelText('Postnummer')).toBeTruthy();
    expect(within(edit).getByRole('switch', { name: 'Endre passord' })).toBeTruthy();
    expect(within(edit).getByRole('button', { name: 'Lagre endringer' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Slett konto' })).toBeTruthy();
  });
});
