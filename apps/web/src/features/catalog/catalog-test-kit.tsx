import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Category, I18n, ProductCard } from '@shop/shared';
import { createStore } from '../../app/store.js';
import { LanguageProvider } from '../../lib/i18n.js';
import { stubFetch, type FetchAnswers, type FetchCall } from '../../test/fetch-stub.js';
import { shopDetailsAnswer } from '../../test/shop-details-answer.js';

/** Contract-shaped answers and a render helper for the catalogue and layout tests. */

let nextId = 0;
export function uuid(): string {
  nextId += 1;
  return `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`;
}

export function productCard(overrides: Partial<ProductCard> = {}): ProductCard {
  const _id = overrides._id ?? uuid();
  return {
    _id,
    name: `Product ${_id.slice(-4)}`,
    slug: `product-${_id.slice(-4)}`,
    heroImage: '/products/item.webp',
    price: 100,
    sellingPrice: 100,
    discount: 0,
    stock: 5,
    ...overrides,
  };
}

export const kurta = { _id: uuid(), name: 'Kurta', slug: 'kurta' };
export const saree = { _id: uuid(), name: 'Saree', slug: 'saree' };
export const ethnicWear = {
  _id: uuid(),
  name: 'Ethnic Wear',
  slug: 'ethnic-wear',
  subCategory2: [kurta, saree],
};
export const westernWear = {
  _id: uuid(),
  name: 'Western Wear',
  slug: 'western-wear',
  subCategory2: [],
};
export const garments: Category = {
  _id: uuid(),
  name: 'Garments',
  slug: 'garments',
  image: '/categories/garments.webp',
  subCategory: [ethnicWear, westernWear],
};
export const honey: Category = {
  _id: uuid(),
  name: 'Honey',
  slug: 'honey',
  image: '/categories/honey.webp',
  subCategory: [],
};
export const categories = [garments, honey];

export const countries = [
  { Country: 'Norway', name: 'Norway', ISOCode: 'NOR', CurrencyCode: 'NOK', shipping: true },
  { Country: 'Sweden', name: 'Sweden', ISOCode: 'SWE', CurrencyCode: 'SEK', shipping: true },
  { Country: 'Germany', name: 'Germany', ISOCode: 'DEU', CurrencyCode: 'EUR', shipping: true },
];

/**
 * Stubs `fetch` with the categories, countries and shop details every page loads, and
 * `answers`.
 */
export function stubApi(answers: FetchAnswers): FetchCall[] {
  return stubFetch({
    'GET /api/categories/web': { categories },
    'GET /api/countries': countries,
    ...shopDetailsAnswer(),
    ...answers,
  });
}

export interface LocationSnapshot {
  pathname: string;
  state: unknown;
}

function LocationProbe({
  onChange,
}: {
  onChange: (location: LocationSnapshot, search: string) => void;
}) {
  const { pathname, search, state } = useLocation();
  onChange({ pathname, state: state as unknown }, search);
  return null;
}

/**
 * Renders `ui` at `path` inside the store and a memory router (`url` may carry a query), in
 * English unless given a language's `i18n`; `location()` reads where it is and `search()` its query.
 */
export function renderWithShop(
  ui: ReactElement,
  {
    path = '*',
    url = '/',
    state,
    store = createStore(),
    i18n,
  }: {
    path?: string;
    url?: string;
    state?: unknown;
    store?: ReturnType<typeof createStore>;
    i18n?: I18n;
  } = {},
) {
  const [pathname = url, query] = url.split('?');
  let current: LocationSnapshot = { pathname, state };
  let currentSearch = query ? `?${query}` : '';
  const shop = (
    <Provider store={store}>
      <MemoryRouter initialEntries={[{ pathname, search: currentSearch, state }]}>
        <Routes>
          <Route path={path} element={ui} />
          {path !== '*' && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe
          onChange={(location, search) => {
            current = location;
            currentSearch = search;
          }}
        />
      </MemoryRouter>
    </Provider>
  );
  const result = render(i18n ? <LanguageProvider i18n={i18n}>{shop}</LanguageProvider> : shop);
  return { ...result, store, location: () => current, search: () => currentSearch };
}
