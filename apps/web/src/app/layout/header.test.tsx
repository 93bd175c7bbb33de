import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ethnicWear,
  garments,
  honey,
  kurta,
  renderWithShop,
  stubApi,
} from '../../features/catalog/catalog-test-kit.js';
import { sessionUser, signedInStore } from '../../features/accounts/accounts-test-kit.js';
import type { FetchCall } from '../../test/fetch-stub.js';
import { servedShop, shopDetailsAnswer } from '../../test/shop-details-answer.js';
import { Header } from './header.js';

let calls: FetchCall[];
beforeEach(() => {
  calls = stubApi({ 'POST /api/multiCurrency': { value: 0.95, code: 'SEK', countryCode: 'SWE' } });
});

const searchBox = () => screen.getByRole('searchbox', { name: 'Search products' });

describe('Header search', () => {
  it('GLOB-03 GLOB-05 Enter in the search box opens /search with the keyword as navigation state', () => {
    const { location } = renderWithShop(<Header />);
    fireEvent.input(searchBox(), { target: { value: 'honey' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(location()).toEqual({ pathname: '/search', state: { keyword: 'honey' } });
  });

  it('GLOB-04 GLOB-05 the search button opens /search with the keyword as navigation state', () => {
    const { location } = renderWithShop(<Header />);
    fireEvent.input(searchBox(), { target: { value: 'wool socks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toEqual({ pathname: '/search', state: { keyword: 'wool socks' } });
  });

  it('GLOB-05 the keyword also goes into the URL as ?q= (issue 10.8)', () => {
    const { search } = renderWithShop(<Header />);
    fireEvent.input(searchBox(), { target: { value: 'wool & silk' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(search()).toBe('?q=wool%20%26%20silk');
  });

  it('names the search field q, as in the URL, so the browser can tell it from other fields', () => {
    renderWithShop(<Header />);
    expect(searchBox().getAttribute('name')).toBe('q');
  });

  it('VAL-09 a search enforces no minimum keyword length', () => {
    const { location } = renderWithShop(<Header />);
    fireEvent.input(searchBox(), { target: { value: 'a' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(location()).toEqual({ pathname: '/search', state: { keyword: 'a' } });
  });

  it('VAL-08 typing alone does not search', () => {
    const { location } = renderWithShop(<Header />, { url: '/' });
    fireEvent.input(searchBox(), { target: { value: 'tea' } });
    fireEvent.keyDown(searchBox(), { key: 't' });
    expect(location().pathname).toBe('/');
  });
});

describe('Header links', () => {
  it('GLOB-07 shows a Login link to /login when not signed in', () => {
    renderWithShop(<Header />);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('GLOB-08 shows a cart link to /cart with the item count', () => {
    renderWithShop(<Header />);
    const cart = screen.getByRole('link', { name: 'Cart, 0 items' });
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(cart.textContent).toContain('0');
  });

  it('GLOB-09 GLOB-10 shows the contact phone and e-mail', async () => {
    renderWithShop(<Header />);
    expect((await screen.findByRole('link', { name: servedShop.phone })).getAttribute('href')).toBe(
      'tel:+4722123456',
    );
    expect(screen.getByRole('link', { name: servedShop.email }).getAttribute('href')).toBe(
      `mailto:${servedShop.email}`,
    );
    expect(screen.getByRole('link', { name: `${servedShop.name} home` }).textContent).toBe(
      servedShop.name,
    );
  });

  it('GLOB-09 GLOB-10 shows the name, phone and e-mail the server answers', async () => {
    stubApi(
      shopDetailsAnswer({
        name: 'Fjordhandel',
        phone: '+47 400 00 001',
        email: 'hei@fjordhandel.no',
      }),
    );
    renderWithShop(<Header />);
    const home = await screen.findByRole('link', { name: 'Fjordhandel home' });
    expect(home.getAttribute('href')).toBe('/');
    expect(home.textContent).toBe('Fjordhandel');
    expect(screen.getByRole('link', { name: '+47 400 00 001' }).getAttribute('href')).toBe(
      'tel:+4740000001',
    );
    expect(screen.getByRole('link', { name: 'hei@fjordhandel.no' }).getAttribute('href')).toBe(
      'mailto:hei@fjordhandel.no',
    );
    expect(screen.queryByRole('link', { name: servedShop.phone })).toBeNull();
    expect(screen.queryByRole('link', { name: servedShop.email })).toBeNull();
  });

  it('GLOB-01 shows a welcome line', () => {
    renderWithShop(<Header />);
    expect(screen.getByText(/^Welcome, guest!/)).toBeTruthy();
  });

  it("GLOB-01 GLOB-06 greets a signed-in user by name and links 'Account' to /account", () => {
    renderWithShop(<Header />, { store: signedInStore() });
    expect(screen.getByText('Welcome, Kari Nordmann')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('GLOB-07 a guest user still sees the Login link', () => {
    renderWithShop(<Header />, { store: signedInStore(sessionUser({ provider: 'guest' })) });
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });
});

describe('Country selector', () => {
  it('GLOB-02 picking a country selects its currency with the alpha-3 code', async () => {
    const { store } = renderWithShop(<Header />);
    const select = screen.getByRole('combobox', { name: 'Country and currency' });
    // The list fills when the shopper reaches for it (country-selector.tsx).
    fireEvent.focus(select);
    await screen.findByRole('option', { name: 'Sweden (SEK)' });
    expect((select as HTMLSelectElement).value).toBe('NOR');
    fireEvent.change(select, { target: { value: 'SWE' } });
    await waitFor(() => expect(store.getState().currency.currencyCode).toBe('SEK'));
    expect(calls.find((call) => call.path === '/api/multiCurrency')?.body).toEqual({
      currencyCode: 'SEK',
      countryCode: 'SWE',
    });
    expect(store.getState().currency.currencyValue).toBe(0.95);
  });
});

describe('Category menu', () => {
  it('GLOB-11 lists each category from GET /api/categories/web', async () => {
    renderWithShop(<Header />);
    const menu = screen.getByRole('navigation', { name: 'Categories' });
    expect(await within(menu).findByRole('link', { name: garments.name })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: honey.name })).toBeTruthy();
  });

  it('GLOB-12 each category holds a sub-menu of its sub-categories and their second-level items', async () => {
    renderWithShop(<Header />);
    const menu = screen.getByRole('navigation', { name: 'Categories' });
    const item = (await within(menu).findByRole('link', { name: 'Garments' })).closest('li');
    if (!item) throw new Error('The category has no list item');
    const names = within(item)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Garments', 'Ethnic Wear', 'Kurta', 'Saree', 'Western Wear']);
  });

  it('GLOB-13 entries open /category/{slug} with the category, sub and sub2 as navigation state', async () => {
    const { location } = renderWithShop(<Header />);
    fireEvent.click(await screen.findByRole('link', { name: 'Kurta' }));
    expect(location()).toEqual({
      pathname: '/category/kurta',
      state: {
        id: garments._id,
        sub: { _id: ethnicWear._id, name: ethnicWear.name },
        sub2: { _id: kurta._id, name: kurta.name },
      },
    });
    fireEvent.click(screen.getByRole('link', { name: 'Ethnic Wear' }));
    expect(location()).toEqual({
      pathname: '/category/ethnic-wear',
      state: { id: garments._id, sub: { _id: ethnicWear._id, name: ethnicWear.name } },
    });
    fireEvent.click(screen.getByRole('link', { name: 'Honey' }));
    expect(location()).toEqual({ pathname: '/category/honey', state: { id: honey._id } });
  });

  it('GLOB-14 has a fixed Cleaning Facilities link to /cleaning', () => {
    renderWithShop(<Header />);
    const menu = screen.getByRole('navigation', { name: 'Categories' });
    expect(
      within(menu).getByRole('link', { name: 'Cleaning Facilities' }).getAttribute('href'),
    ).toBe('/cleaning');
  });
});
