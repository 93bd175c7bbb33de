import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPrice, MAX_PRICE_FILTER_NOK, type ProductCard } from '@shop/shared';
import { createStore } from '../../app/store.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { answer, type FetchCall } from '../../test/fetch-stub.js';
import { selectCurrency } from '../currency/currency-slice.js';
import {
  ethnicWear,
  garments,
  honey,
  kurta,
  productCard,
  renderWithShop,
  stubApi,
  westernWear,
} from './catalog-test-kit.js';
import CategoryPage from './category-page.js';

const fortyProducts = Array.from({ length: 40 }, (_, index) =>
  productCard({ name: `Item ${index + 1}`, sellingPrice: 100 + index }),
);

let calls: FetchCall[];
let matching: ProductCard[];
beforeEach(() => {
  // jsdom has no matchMedia; react-bootstrap's Offcanvas asks it for the breakpoint.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  matching = fortyProducts;
  calls = stubApi({
    'POST /api/multiCurrency': { value: 0.1, code: 'EUR', countryCode: 'DEU' },
    [`POST /api/products/category/${garments._id}`]: ({ query, body }: FetchCall) => {
      const page = Number(query.get('page'));
      const limit = Number(query.get('limit'));
      const { min, max } = body as { min: number; max: number };
      const inRange = matching.filter(
        (product) => product.sellingPrice >= min && (max === 0 || product.sellingPrice <= max),
      );
      return { products: inRange.slice((page - 1) * limit, page * limit), count: inRange.length };
    },
    [`POST /api/products/category/${honey._id}`]: { products: [], count: 0 },
  });
});

const listingCalls = () => calls.filter((call) => call.path.startsWith('/api/products/category/'));
const lastListing = () => {
  const last = listingCalls().at(-1);
  if (!last) throw new Error('No listing request was made');
  return last;
};
const lastBody = () => lastListing().body as Record<string, unknown>;

function openCategory(
  slug: string,
  state?: unknown,
  store = createStore(),
  i18n?: Awaited<ReturnType<typeof loadLanguage>>,
) {
  return renderWithShop(<CategoryPage />, {
    path: '/category/:slug',
    url: `/category/${slug}`,
    state,
    store,
    i18n,
  });
}
const filters = () => screen.getByRole('complementary', { name: 'Filters' });
const shown = () => screen.findByText(/^Showing \d+ \/ \d+ items$/);

describe('Category page: request', () => {
  it('CAT-01 CAT-02 CAT-18 CONST-02 asks for the category id from navigation state, one page of 15', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    const call = lastListing();
    expect(call.path).toBe(`/api/products/category/${garments._id}`);
    expect(call.query.get('page')).toBe('1');
    expect(call.query.get('limit')).toBe('15');
    expect(call.body).toEqual({
      id: garments._id,
      sub: [],
      sub2: null,
      min: 0,
      max: 0,
      sortby: '',
      subfilter: [],
    });
  });

  it('loads the first row of cards at once, as it is on the first screen', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    const loading = (name: string) => screen.getByRole('img', { name }).getAttribute('loading');
    expect(['Item 1', 'Item 4'].map(loading)).toEqual(['eager', 'eager']);
    expect(loading('Item 5')).toBe('lazy');
  });

  it('CAT-03 a sub-category in navigation state limits the listing to it', async () => {
    openCategory('ethnic-wear', {
      id: garments._id,
      sub: { _id: ethnicWear._id, name: ethnicWear.name },
    });
    await shown();
    expect(lastBody().sub).toEqual([{ _id: ethnicWear._id }]);
  });

  it('CAT-04 a second-level sub-category in navigation state limits the listing to it', async () => {
    openCategory('kurta', {
      id: garments._id,
      sub: { _id: ethnicWear._id, name: ethnicWear.name },
      sub2: { _id: kurta._id, name: kurta.name },
    });
    await shown();
    expect(lastBody().sub2).toEqual({ _id: kurta._id, name: kurta.name });
  });

  it('CAT-05 without navigation state the category is found by its slug at any level', async () => {
    openCategory('kurta');
    await shown();
    expect(lastListing().path).toBe(`/api/products/category/${garments._id}`);
    expect(lastBody().sub2).toEqual({ _id: kurta._id, name: kurta.name });
    expect(lastBody().sub).toEqual([{ _id: ethnicWear._id }]);
  });
});

describe('Category page: display', () => {
  it('CAT-06 the breadcrumb reads Home / category / selected filter', async () => {
    openCategory('ethnic-wear', {
      id: garments._id,
      sub: { _id: ethnicWear._id, name: ethnicWear.name },
    });
    const crumbs = within(
      await screen.findByRole('navigation', { name: 'Breadcrumb' }),
    ).getAllByRole('listitem');
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Home', 'Garments', 'Ethnic Wear']);
    const [home, , selected] = crumbs;
    expect(home && within(home).getByRole('link').getAttribute('href')).toBe('/');
    expect(selected?.getAttribute('aria-current')).toBe('page');
  });

  it('CAT-07 CAT-17 CONST-03 shows "Showing X / total items" and a 4-column grid of the page', async () => {
    const { container } = openCategory('garments', { id: garments._id });
    expect((await shown()).textContent).toBe('Showing 15 / 40 items');
    expect(screen.getAllByRole('article')).toHaveLength(15);
    expect(container.querySelector('ul.row-cols-lg-4')).not.toBeNull();
  });

  it('speaks bokmål on a Norwegian page, counting items as an ICU plural (issue 31.1)', async () => {
    openCategory('garments', { id: garments._id }, undefined, await loadLanguage('nb'));
    expect(await screen.findByText('Viser 15 av 40 varer')).toBeTruthy();
    const sort = screen.getByRole('combobox', { name: 'Sorter produktene' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sorter etter', 'Pris: lav til høy', 'Pris: høy til lav']);
    const aside = screen.getByRole('complementary', { name: 'Filtre' });
    expect(within(aside).getByRole('group', { name: 'Underkategorier' })).toBeTruthy();
    expect(within(aside).getByRole('group', { name: 'Pris (NOK)' })).toBeTruthy();
    expect(within(aside).getByRole('button', { name: 'Nullstill filtrene' })).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Brødsmulesti' });
    expect(within(breadcrumb).getByRole('link', { name: 'Forside' })).toBeTruthy();
  });

  it('CAT-08 the sort select offers exactly SortBy, Price low to high, Price high to low', async () => {
    openCategory('garments', { id: garments._id });
    const sort = await screen.findByRole('combobox', { name: 'Sort products' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['SortBy', 'Price low to high', 'Price high to low']);
  });

  it('CAT-09 choosing a sort asks for that order', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort products' }), {
      target: { value: 'highToLow' },
    });
    await waitFor(() => expect(lastBody().sortby).toBe('highToLow'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort products' }), {
      target: { value: 'lowToHigh' },
    });
    await waitFor(() => expect(lastBody().sortby).toBe('lowToHigh'));
  });

  it('CAT-18 the pagination control asks for the next page', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    fireEvent.click(within(pagination).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListing().query.get('page')).toBe('2'));
    expect(await screen.findByText('Item 16')).toBeTruthy();
  });

  it('CAT-19 ERR-28 shows "no items found" when nothing matches', async () => {
    openCategory('honey', { id: honey._id });
    expect(await screen.findByText('no items found')).toBeTruthy();
  });

  it('NOTFOUND-01 NOTFOUND-02 an unknown category slug shows the not-found page, not its slug (issue 10.11)', async () => {
    openCategory('no-such-category');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page not found – go to the home page' })).toBeTruthy();
    expect(screen.queryByText('no-such-category')).toBeNull();
    expect(screen.queryByText('no items found')).toBeNull();
    expect(listingCalls()).toEqual([]);
    await waitFor(() => expect(document.title).toContain('Page not found'));
  });

  it('CAT-20 shows a skeleton while the categories load', () => {
    stubApi({ 'GET /api/categories/web': () => new Promise(() => undefined) });
    openCategory('garments', { id: garments._id });
    expect(screen.getByRole('status', { name: 'Loading categories' })).toBeTruthy();
  });
});

describe('Category page: filters', () => {
  it('CAT-10 CAT-11 shows sub-category checkboxes without a second-level filter; checking one limits the listing', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    const western = within(filters()).getByRole('checkbox', { name: 'Western Wear' });
    expect(within(filters()).getByRole('checkbox', { name: 'Ethnic Wear' })).toBeTruthy();
    fireEvent.click(western);
    await waitFor(() => expect(lastBody().sub).toEqual([{ _id: westernWear._id }]));
    expect(screen.queryByText(/Filter Applied for/)).toBeNull();
  });

  it('CAT-12 with a second-level filter shows "Filter Applied for" and a remove button instead of checkboxes', async () => {
    openCategory('kurta', {
      id: garments._id,
      sub: { _id: ethnicWear._id, name: ethnicWear.name },
      sub2: { _id: kurta._id, name: kurta.name },
    });
    await shown();
    expect(within(filters()).getByText('Filter Applied for').textContent).toBe(
      'Filter Applied for Kurta',
    );
    expect(within(filters()).getByRole('button', { name: 'Remove filter Kurta' })).toBeTruthy();
    expect(within(filters()).queryAllByRole('checkbox')).toEqual([]);
  });

  it('CAT-13 the remove button drops the second-level filter and brings the checkboxes back', async () => {
    openCategory('kurta', {
      id: garments._id,
      sub: { _id: ethnicWear._id, name: ethnicWear.name },
      sub2: { _id: kurta._id, name: kurta.name },
    });
    await shown();
    fireEvent.click(within(filters()).getByRole('button', { name: 'Remove filter Kurta' }));
    expect(within(filters()).getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.queryByText(/Filter Applied for/)).toBeNull();
    await waitFor(() => expect(lastBody().sub2).toBeNull());
  });

  it('CAT-14 Apply sends the price range, converted from the shopper currency to NOK', async () => {
    const store = createStore();
    await store.dispatch(selectCurrency({ currencyCode: 'EUR', countryCode: 'DEU' }));
    openCategory('garments', { id: garments._id }, store);
    await shown();
    expect(within(filters()).getByRole('group', { name: 'Price (EUR)' })).toBeTruthy();
    fireEvent.input(within(filters()).getByLabelText('Min'), { target: { value: '10' } });
    fireEvent.input(within(filters()).getByLabelText('Max'), { target: { value: '25' } });
    fireEvent.click(within(filters()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ min: 100, max: 250 }));
    expect(await screen.findByText('Showing 15 / 40 items')).toBeTruthy();
  });

  it('CAT-15 Clear Filters lists the category without the price filter', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    fireEvent.input(within(filters()).getByLabelText('Min'), { target: { value: '120' } });
    fireEvent.click(within(filters()).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Showing 15 / 20 items')).toBeTruthy();
    expect(lastBody().min).toBe(120);
    fireEvent.click(within(filters()).getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Showing 15 / 40 items')).toBeTruthy();
    expect((within(filters()).getByLabelText('Min') as HTMLInputElement).value).toBe('');
  });

  it('CAT-16 a filters button opens the filters in a bottom offcanvas', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    expect(panel.className).toContain('offcanvas-bottom');
    expect(within(panel).getByLabelText('Min')).toBeTruthy();
    expect(within(panel).getByRole('checkbox', { name: 'Ethnic Wear' })).toBeTruthy();
  });
});

describe('Category page: price validation', () => {
  it('VAL-01 VAL-02 a min greater than the max shows the message and makes no request', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    const before = listingCalls().length;
    fireEvent.input(within(filters()).getByLabelText('Min'), { target: { value: '300' } });
    fireEvent.input(within(filters()).getByLabelText('Max'), { target: { value: '200' } });
    fireEvent.click(within(filters()).getByRole('button', { name: 'Apply' }));
    expect(within(filters()).getByRole('alert').textContent).toBe('Min cannot be greater than Max');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listingCalls()).toHaveLength(before);
  });

  it('VAL-03 the price inputs take absolute values', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    const min = within(filters()).getByLabelText('Min') as HTMLInputElement;
    const max = within(filters()).getByLabelText('Max') as HTMLInputElement;
    fireEvent.input(min, { target: { value: '-50' } });
    fireEvent.input(max, { target: { value: '-80' } });
    expect(min.value).toBe('50');
    expect(max.value).toBe('80');
  });

  it('VAL-04 the min is at least 0', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    const min = within(filters()).getByLabelText('Min') as HTMLInputElement;
    expect(min.getAttribute('min')).toBe('0');
    fireEvent.input(min, { target: { value: '-5' } });
    fireEvent.click(within(filters()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastBody().min).toBe(5));
  });
});

describe('Category page: a price filter the listing cannot take (issue 29.12)', () => {
  const countLine = () => document.querySelector('.category-toolbar__count')?.textContent;

  it('a price above what prices can be is refused at the inputs in the shown currency, with no request; the count still describes the listing shown', async () => {
    openCategory('garments', { id: garments._id });
    expect((await shown()).textContent).toBe('Showing 15 / 40 items');
    const before = listingCalls().length;
    fireEvent.input(within(filters()).getByLabelText('Max'), {
      target: { value: '99999999999' },
    });
    fireEvent.click(within(filters()).getByRole('button', { name: 'Apply' }));
    expect(within(filters()).getByRole('alert').textContent).toBe(
      `Min and Max can be at most ${formatPrice(MAX_PRICE_FILTER_NOK, 1, 'NOK')}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listingCalls()).toHaveLength(before);
    expect(countLine()).toBe('Showing 15 / 40 items');
  });

  it('a shared link with such a price lists without it and says why at the inputs', async () => {
    renderWithShop(<CategoryPage />, {
      path: '/category/:slug',
      url: '/category/garments?max=99999999999',
      state: { id: garments._id },
      store: createStore(),
    });
    expect((await shown()).textContent).toBe('Showing 15 / 40 items');
    expect(lastBody()).toMatchObject({ min: 0, max: 0 });
    expect(within(filters()).getByRole('alert').textContent).toMatch(/^Min and Max can be at most/);
    expect((within(filters()).getByLabelText('Max') as HTMLInputElement).value).toBe('99999999999');
  });

  it('a listing the server refuses shows its failure and no count of the listing before it', async () => {
    openCategory('garments', { id: garments._id });
    await shown();
    stubApi({
      [`POST /api/products/category/${garments._id}`]: answer(400, {
        message: 'max must be at most 21474836',
      }),
    });
    fireEvent.input(within(filters()).getByLabelText('Max'), { target: { value: '500' } });
    fireEvent.click(within(filters()).getByRole('button', { name: 'Apply' }));
    await screen.findByText('Some error occured. Please try again later.');
    expect(countLine()).toBe('');
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});

describe('Category page: the URL query keeps the listing (issue 10.8)', () => {
  it('CAT-09 CAT-18 a sort and a page go into the URL query, with the navigation state kept (issue 10.8)', async () => {
    const { search, location } = openCategory('garments', { id: garments._id });
    await shown();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort products' }), {
      target: { value: 'highToLow' },
    });
    await waitFor(() => expect(search()).toBe('?sort=highToLow'));
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    fireEvent.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(search()).toBe('?sort=highToLow&page=2'));
    expect(location().state).toEqual({ id: garments._id });
    fireEvent.click(within(filters()).getByRole('checkbox', { name: 'Western Wear' }));
    await waitFor(() => expect(search()).toBe('?sort=highToLow&sub=western-wear'));
  });

  it('CAT-11 CAT-14 a shared link opens with its sort, page, price range and sub-categories (issue 10.8)', async () => {
    renderWithShop(<CategoryPage />, {
      path: '/category/:slug',
      url: '/category/garments?sort=highToLow&page=2&min=110&max=130&sub=ethnic-wear,western-wear',
    });
    await shown();
    expect(lastListing().query.get('page')).toBe('2');
    expect(lastBody()).toMatchObject({
      sortby: 'highToLow',
      min: 110,
      max: 130,
      sub: [{ _id: ethnicWear._id }, { _id: westernWear._id }],
    });
    expect(
      (screen.getByRole('combobox', { name: 'Sort products' }) as HTMLSelectElement).value,
    ).toBe('highToLow');
    expect((within(filters()).getByLabelText('Min') as HTMLInputElement).value).toBe('110');
    expect((within(filters()).getByLabelText('Max') as HTMLInputElement).value).toBe('130');
    expect(
      (within(filters()).getByRole('checkbox', { name: 'Ethnic Wear' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('CAT-14 CAT-15 Apply and Clear Filters write the typed amounts to the URL and take them out (issue 10.8)', async () => {
    const { search } = openCategory('garments', { id: garments._id });
    await shown();
    fireEvent.input(within(filters()).getByLabelText('Min'), { target: { value: '120' } });
    fireEvent.click(within(filters()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(search()).toBe('?min=120'));
    fireEvent.click(within(filters()).getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(search()).toBe(''));
  });
});
