import { useEffect } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPrice, type ProductDetail } from '@shop/shared';
import { createStore, type AppStore } from '../../../app/store.js';
import { loadLanguage } from '../../../i18n/catalogues.js';
import { LanguageProvider } from '../../../lib/i18n.js';
import { selectCurrency } from '../../currency/currency-slice.js';
import ProductPage from './product-page.js';

const sweater: ProductDetail = {
  _id: '4b1f3a52-7c2e-4f9e-9a41-0d6c2f1e8a01',
  name: 'Wool Sweater',
  slug: 'wool-sweater',
  heroImage: '/products/wool-sweater.webp',
  price: 1000,
  sellingPrice: 800,
  discount: 20,
  stock: 10,
  orderLimit: 3,
  category: {
    _id: 'a3c9d7e2-1b4f-4c8a-9e6d-2f7b1c0e5d11',
    name: 'Western Garments',
    slug: 'western-garments',
  },
  gallery: ['/products/wool-sweater-front.webp', '/products/wool-sweater-back.webp'],
  options: [
    { name: 'Color', values: ['Blue', 'Red'] },
    { name: 'Size', values: ['M', 'XL'] },
  ],
  variants: { Color: 'Blue', Size: 'M' },
  information: [
    { informationKey: 'Material', informationValue: '100% wool' },
    { informationKey: 'Care', informationValue: 'Hand wash' },
  ],
  description: '<p>Knitted in <strong>Norway</strong>.</p><ul><li>Warm</li></ul>',
  related: [
    {
      _id: '6d2e8f14-3a5b-4c7d-8e9f-1a2b3c4d5e60',
      name: 'Hemp Scarf',
      slug: 'hemp-scarf',
      heroImage: '/products/hemp-scarf.webp',
      price: 300,
      sellingPrice: 300,
      discount: 0,
      stock: 4,
    },
  ],
};

const redXl: ProductDetail = {
  ...sweater,
  _id: '4b1f3a52-7c2e-4f9e-9a41-0d6c2f1e8a02',
  price: 1200,
  sellingPrice: 1200,
  discount: 0,
  stock: 2,
  orderLimit: 5,
  variants: { Color: 'Red', Size: 'M' },
};

const scarf: ProductDetail = {
  ...sweater,
  ...sweater.related[0],
  category: sweater.category,
  orderLimit: 5,
  gallery: [],
  options: [],
  variants: {},
  information: [],
  description: '',
  related: [],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers like the server: a product per slug and option combination, 404 otherwise. */
function stubServer(answers: Record<string, ProductDetail>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://shop.test');
    const key = `${url.pathname}${url.search}`;
    const product = answers[key];
    return product ? json(product) : json({ message: 'Product not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requestedUrls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.map(([input]) => String(input));
// The reviews block below the product makes its own calls.
const productUrls = (fetchMock: ReturnType<typeof stubServer>) =>
  requestedUrls(fetchMock).filter((url) => url.startsWith('/api/products/'));

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go to {to}
    </button>
  );
}

/** Where the router is, and how it got there. */
const shownAddress = { search: '', navigation: '' };
function AddressProbe() {
  const { search } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    Object.assign(shownAddress, { search, navigation });
  });
  return null;
}

function renderProduct(path = '/product/wool-sweater', store: AppStore = createStore()) {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AddressProbe />
        <GoTo to="/product/hemp-scarf" />
        <Routes>
          <Route path="/product/:slug" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const nok = (amount: number) => formatPrice(amount, 1, 'NOK');
const priceGroup = () => screen.getByRole('group', { name: 'Price' });
const quantityValue = () => screen.getByRole('status', { name: 'Quantity' });
const increase = () => fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
const decrease = () => fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
const optionButton = (option: string, value: string) =>
  within(screen.getByRole('group', { name: option })).getByRole('button', { name: value });

let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('product page', () => {
  it('PDP-01 CURPROD-08 shows a loading state, then the product from GET /api/products/{slug}/slug', async () => {
    const fetchMock = stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wool Sweater' })).toBeTruthy();
    expect(productUrls(fetchMock)).toEqual(['/api/products/wool-sweater/slug']);
    await waitFor(() => expect(document.title).toBe('Wool Sweater'));
  });

  it('PDP-02 shows the gallery with thumbnails that switch the main image, also by keyboard', async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    const gallery = await screen.findByRole('region', { name: 'Product images' });
    const main = within(gallery).getByRole('img', { name: 'Wool Sweater, image 1 of 2' });
    expect(main.getAttribute('src')).toBe('/uploads/products/wool-sweater-front.webp');
    const second = within(gallery).getByRole('button', { name: 'Show image 2 of 2' });
    fireEvent.click(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    expect(
      within(gallery).getByRole('img', { name: 'Wool Sweater, image 2 of 2' }).getAttribute('src'),
    ).toBe('/uploads/products/wool-sweater-back.webp');
    fireEvent.keyDown(second, { key: 'ArrowRight' });
    const first = within(gallery).getByRole('button', { name: 'Show image 1 of 2' });
    expect(first.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(first);
  });

  it("PDP-02 describes a picture by the shop's alt text where it has one, else by the name; the main picture with a srcset (issue 12)", async () => {
    stubServer({
      '/api/products/wool-sweater/slug': {
        ...sweater,
        imageAlts: { '/products/wool-sweater-back.webp': 'The sweater from behind, with its hood' },
      },
    });
    renderProduct();
    const gallery = await screen.findByRole('region', { name: 'Product images' });
    const main = within(gallery).getByRole('img', { name: 'Wool Sweater, image 1 of 2' });
    expect(main.getAttribute('srcset')).toContain(
      '/uploads/products/wool-sweater-front-w640.webp 640w',
    );
    expect(main.getAttribute('sizes')).toMatch(/\(min-width: 768px\) 336px/);
    expect(main.getAttribute('width')).toBe('600');
    fireEvent.click(within(gallery).getByRole('button', { name: 'Show image 2 of 2' }));
    expect(
      within(gallery)
        .getByRole('img', { name: 'The sweater from behind, with its hood' })
        .getAttribute('src'),
    ).toBe('/uploads/products/wool-sweater-back.webp');
  });

  it('PDP-03 shows the hero image when the product has no gallery', async () => {
    stubServer({ '/api/products/hemp-scarf/slug': scarf });
    renderProduct('/product/hemp-scarf');
    const gallery = await screen.findByRole('region', { name: 'Product images' });
    expect(within(gallery).getByRole('img', { name: 'Hemp Scarf' }).getAttribute('src')).toBe(
      '/uploads/products/hemp-scarf.webp',
    );
    expect(within(gallery).queryByRole('button')).toBeNull();
  });

  it('PDP-04 shows the product name and the category name', async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Wool Sweater' })).toBeTruthy();
    const category = screen.getByRole('link', { name: 'Western Garments' });
    expect(category.getAttribute('href')).toBe('/category/western-garments');
  });

  it('PDP-05 PDP-06 CURPROD-09 CONST-26 shows the selling price and the struck-through original with its percent off', async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const price = priceGroup();
    expect(within(price).getByTestId('selling-price').textContent).toContain(nok(800));
    const original = within(price).getByTestId('original-price');
    expect(original.tagName).toBe('DEL');
    expect(original.textContent).toContain(nok(1000));
    expect(within(price).getByText('20% off')).toBeTruthy();
    expect(within(price).getByText('incl. of all tax')).toBeTruthy();
  });

  it('speaks bokmål on a Norwegian page, with prices as kroner (issue 31.1, 31.4)', async () => {
    stubServer({
      '/api/products/wool-sweater/slug': { ...sweater, price: 1500, sellingPrice: 1200 },
    });
    const i18n = await loadLanguage('nb');
    render(
      <LanguageProvider i18n={i18n}>
        <Provider store={createStore()}>
          <MemoryRouter initialEntries={['/product/wool-sweater']}>
            <Routes>
              <Route path="/product/:slug" element={<ProductPage />} />
            </Routes>
          </MemoryRouter>
        </Provider>
      </LanguageProvider>,
    );
    await screen.findByRole('heading', { level: 1 });
    const price = screen.getByRole('group', { name: 'Pris' });
    expect(within(price).getByTestId('selling-price').textContent).toBe('Pris: 1\u00a0200\u00a0kr');
    expect(within(price).getByTestId('original-price').textContent).toBe(
      'Førpris: 1\u00a0500\u00a0kr',
    );
    expect(within(price).getByText('20 % rabatt')).toBeTruthy();
    expect(within(price).getByText('inkl. mva.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Øk antall' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Legg i handlekurven' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kjøp nå' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tekniske data' })).toBeTruthy();
  });

  it('PDP-07 shows neither a struck-through price nor a percent-off label with a discount of 0', async () => {
    stubServer({ '/api/products/hemp-scarf/slug': scarf });
    renderProduct('/product/hemp-scarf');
    await screen.findByRole('heading', { level: 1 });
    const price = priceGroup();
    expect(within(price).getByTestId('selling-price').textContent).toContain(nok(300));
    expect(within(price).queryByTestId('original-price')).toBeNull();
    expect(within(price).queryByText(/% off/)).toBeNull();
  });

  it("PDP-08 PDP-09 shows 'incl. of all tax' and 'IN STOCK'", async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const price = priceGroup();
    expect(within(price).getByText('incl. of all tax')).toBeTruthy();
    expect(within(price).getByText('IN STOCK')).toBeTruthy();
    expect(within(price).queryByText('OUT OF STOCK')).toBeNull();
  });

  it("PDP-09 PDP-12 shows 'OUT OF STOCK' and disables Add to cart and Buy Now at stock 0", async () => {
    stubServer({ '/api/products/hemp-scarf/slug': { ...scarf, stock: 0 } });
    renderProduct('/product/hemp-scarf');
    await screen.findByRole('heading', { level: 1 });
    expect(within(priceGroup()).getByText('OUT OF STOCK')).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Add to cart' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Buy Now' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Increase quantity' }))).toBe(true);
  });

  it('PDP-10 shows one button group per option name, the current variant pressed', async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const color = screen.getByRole('group', { name: 'Color' });
    const size = screen.getByRole('group', { name: 'Size' });
    expect(
      within(color)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Blue', 'Red']);
    expect(
      within(size)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['M', 'XL']);
    expect(optionButton('Color', 'Blue').getAttribute('aria-pressed')).toBe('true');
    expect(optionButton('Color', 'Red').getAttribute('aria-pressed')).toBe('false');
    expect(optionButton('Size', 'M').getAttribute('aria-pressed')).toBe('true');
  });

  it('PDP-11 PDP-12 CURPROD-11 shows a quantity counter starting at 1 and both cart buttons', async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('group', { name: 'Quantity' })).toBeTruthy();
    expect(quantityValue().textContent).toContain('1');
    expect(isDisabled(screen.getByRole('button', { name: 'Add to cart' }))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Buy Now' }))).toBe(false);
  });

  it("VAL-05 VAL-07 CURPROD-15 keeps the quantity between 1 and orderLimit and hints 'Order limit reached'", async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    expect(isDisabled(screen.getByRole('button', { name: 'Decrease quantity' }))).toBe(true);
    decrease();
    expect(quantityValue().textContent).toContain('1');
    increase();
    expect(quantityValue().textContent).toContain('2');
    expect(screen.queryByText('Order limit reached')).toBeNull();
    increase();
    increase();
    expect(quantityValue().textContent).toContain('3');
    expect(screen.getByText('Order limit reached')).toBeTruthy();
    expect(screen.queryByText('Stock limit reached')).toBeNull();
    expect(isDisabled(screen.getByRole('button', { name: 'Increase quantity' }))).toBe(true);
    decrease();
    expect(quantityValue().textContent).toContain('2');
    expect(screen.queryByText('Order limit reached')).toBeNull();
  });

  it("VAL-06 CURPROD-16 never goes above stock and hints 'Stock limit reached' when stock < orderLimit", async () => {
    stubServer({ '/api/products/wool-sweater/slug': { ...sweater, stock: 2, orderLimit: 5 } });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    increase();
    increase();
    expect(quantityValue().textContent).toContain('2');
    expect(screen.getByText('Stock limit reached')).toBeTruthy();
    expect(screen.queryByText('Order limit reached')).toBeNull();
  });

  it('PDP-13 lists the Technical Specs as key/value pairs', async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const specs = screen.getByRole('region', { name: 'Technical Specs' });
    const rows = within(specs).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['Material100% wool', 'CareHand wash']);
    expect(within(specs).getByRole('rowheader', { name: 'Material' })).toBeTruthy();
  });

  it('PDP-14 renders the description as HTML', async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const description = screen.getByRole('region', { name: 'Description' });
    expect(within(description).getByText('Norway').tagName).toBe('STRONG');
    expect(within(description).getByRole('listitem').textContent).toContain('Warm');
    expect(description.textContent).not.toContain('<strong>');
  });

  it('PDP-16 shows a Related Products grid of the related products', async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    const related = screen.getByRole('region', { name: 'Related Products' });
    const link = within(related).getByRole('link', { name: /Hemp Scarf/ });
    expect(link.getAttribute('href')).toBe('/product/hemp-scarf');
  });

  it('PDP-17 scrolls to top and loads the new product when the slug changes', async () => {
    stubServer({
      '/api/products/wool-sweater/slug': sweater,
      '/api/products/hemp-scarf/slug': scarf,
    });
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Wool Sweater' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    increase();
    fireEvent.click(screen.getByRole('button', { name: 'go to /product/hemp-scarf' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hemp Scarf' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(quantityValue().textContent).toContain('1');
  });

  it('CURPROD-10 recomputes the shown prices when the currency changes, without a reload', async () => {
    const fetchMock = stubServer({ '/api/products/wool-sweater/slug': sweater });
    const store = renderProduct();
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      store.dispatch(
        selectCurrency.fulfilled({ value: 0.0875, code: 'EUR', countryCode: 'DEU' }, 'rate', {
          currencyCode: 'EUR',
          countryCode: 'DEU',
        }),
      );
    });
    // The lazily loaded reviews block may still be arriving, which can delay the re-render.
    await waitFor(() =>
      expect(within(priceGroup()).getByTestId('selling-price').textContent).toContain(
        formatPrice(800, 0.0875, 'EUR'),
      ),
    );
    expect(within(priceGroup()).getByTestId('original-price').textContent).toContain(
      formatPrice(1000, 0.0875, 'EUR'),
    );
    expect(productUrls(fetchMock)).toHaveLength(1);
  });

  it('CURPROD-12 CURPROD-13 choosing another value reloads that combination and resets the quantity', async () => {
    const fetchMock = stubServer({
      '/api/products/wool-sweater/slug': sweater,
      '/api/products/wool-sweater/slug?Color=Red&Size=M': redXl,
    });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    increase();
    increase();
    expect(quantityValue().textContent).toContain('3');
    fireEvent.click(optionButton('Color', 'Red'));
    await waitFor(() =>
      expect(optionButton('Color', 'Red').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(requestedUrls(fetchMock)).toContain('/api/products/wool-sweater/slug?Color=Red&Size=M');
    expect(quantityValue().textContent).toContain('1');
    expect(within(priceGroup()).getByTestId('selling-price').textContent).toContain(nok(1200));
    expect(within(priceGroup()).queryByTestId('original-price')).toBeNull();
  });

  it('CURPROD-12 choosing an option writes the combination into the address, replacing the entry, in the order of the offers (issue 29.9)', async () => {
    stubServer({
      '/api/products/wool-sweater/slug': { ...sweater, variants: { Size: 'M', Color: 'Blue' } },
      '/api/products/wool-sweater/slug?Color=Red&Size=M': redXl,
    });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    expect(shownAddress.search).toBe('');
    fireEvent.click(optionButton('Color', 'Red'));
    await waitFor(() =>
      expect(optionButton('Color', 'Red').getAttribute('aria-pressed')).toBe('true'),
    );
    // The same address a search engine's offer for this item carries (lib/structured-data.ts).
    expect(shownAddress).toEqual({ search: '?Color=Red&Size=M', navigation: 'REPLACE' });
  });

  it('CURPROD-12 a link naming a combination opens that item, whatever order it names the options in (issue 29.9)', async () => {
    const fetchMock = stubServer({
      '/api/products/wool-sweater/slug': sweater,
      '/api/products/wool-sweater/slug?Color=Red&Size=M': redXl,
    });
    renderProduct('/product/wool-sweater?Size=M&Color=Red');
    await screen.findByRole('heading', { level: 1 });
    expect(optionButton('Color', 'Red').getAttribute('aria-pressed')).toBe('true');
    expect(within(priceGroup()).getByTestId('selling-price').textContent).toContain(nok(1200));
    expect(productUrls(fetchMock)).toEqual(['/api/products/wool-sweater/slug?Color=Red&Size=M']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('CURPROD-14 a link naming a combination the product lacks opens its default item and says so; an unknown parameter is passed over (issue 29.9)', async () => {
    stubServer({ '/api/products/wool-sweater/slug': sweater });
    renderProduct('/product/wool-sweater?Color=Green&Size=M');
    expect((await screen.findByRole('alert')).textContent).toContain('Product not found');
    expect(optionButton('Color', 'Blue').getAttribute('aria-pressed')).toBe('true');
    expect(within(priceGroup()).getByTestId('selling-price').textContent).toContain(nok(800));
    cleanup();

    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://shop.test');
      if (url.pathname !== '/api/products/wool-sweater/slug') return json({ message: 'x' }, 404);
      return url.search ? json({ message: 'Unknown option "utm_source"' }, 400) : json(sweater);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderProduct('/product/wool-sweater?utm_source=newsletter');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wool Sweater' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("PDP-02 choosing another colour shows that colour's pictures; another size keeps the shown one (issue 10.6)", async () => {
    const redGallery = ['/products/wool-sweater-red.webp', '/products/wool-sweater-red-2.webp'];
    const redXlPictured = {
      ...redXl,
      variants: { Color: 'Red', Size: 'XL' },
      heroImage: redGallery[0] ?? '',
      gallery: redGallery,
    };
    const blueXl = {
      ...sweater,
      _id: '4b1f3a52-7c2e-4f9e-9a41-0d6c2f1e8a03',
      variants: { Color: 'Blue', Size: 'XL' },
    };
    stubServer({
      '/api/products/wool-sweater/slug': sweater,
      '/api/products/wool-sweater/slug?Color=Blue&Size=XL': blueXl,
      '/api/products/wool-sweater/slug?Color=Red&Size=XL': redXlPictured,
    });
    renderProduct();
    await screen.findByRole('region', { name: 'Product images' });
    // Looked up each time: the gallery of another colour is a new one.
    const gallery = () => screen.getByRole('region', { name: 'Product images' });
    const mainImage = () => within(gallery()).getByRole('img', { name: /^Wool Sweater, image/ });

    fireEvent.click(within(gallery()).getByRole('button', { name: 'Show image 2 of 2' }));
    fireEvent.click(optionButton('Size', 'XL'));
    await waitFor(() =>
      expect(optionButton('Size', 'XL').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(mainImage().getAttribute('src')).toBe('/uploads/products/wool-sweater-back.webp');

    fireEvent.click(optionButton('Color', 'Red'));
    await waitFor(() =>
      expect(mainImage().getAttribute('src')).toBe('/uploads/products/wool-sweater-red.webp'),
    );
    expect(mainImage().getAttribute('alt')).toBe('Wool Sweater, image 1 of 2');
    fireEvent.click(within(gallery()).getByRole('button', { name: 'Show image 2 of 2' }));
    expect(mainImage().getAttribute('src')).toBe('/uploads/products/wool-sweater-red-2.webp');
  });

  it('CURPROD-14 a combination answered 404 shows its message, keeps the page usable, and the next choice clears it', async () => {
    stubServer({
      '/api/products/wool-sweater/slug': sweater,
      '/api/products/wool-sweater/slug?Color=Red&Size=M': redXl,
    });
    renderProduct();
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(optionButton('Size', 'XL'));
    expect((await screen.findByRole('alert')).textContent).toContain('Product not found');
    expect(screen.getByRole('heading', { level: 1, name: 'Wool Sweater' })).toBeTruthy();
    expect(optionButton('Size', 'M').getAttribute('aria-pressed')).toBe('true');
    increase();
    expect(quantityValue().textContent).toContain('2');
    fireEvent.click(optionButton('Color', 'Red'));
    await waitFor(() =>
      expect(optionButton('Color', 'Red').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(quantityValue().textContent).toContain('1');
  });

  it('NOTFOUND-02 an unknown slug shows the not-found content', async () => {
    stubServer({});
    renderProduct('/product/no-such-thing');
    const image = await screen.findByRole('img', { name: /page not found/i });
    expect(image.closest('a')?.getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });
});
