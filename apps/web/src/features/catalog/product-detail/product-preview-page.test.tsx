import { useEffect } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useNavigationType } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productPreviewApiPath, productPreviewMessages, type ProductDetail } from '@shop/shared';
import { callsTo, answer, type FetchCall } from '../../../test/fetch-stub.js';
import { categories, productCard, renderWithShop, stubApi } from '../catalog-test-kit.js';
import ProductPreviewPage from './product-preview-page.js';

const token = 'eyJwIjoiZHJhZnQifQ.c2lnbmVk';

const medium: ProductDetail = {
  ...productCard({ name: 'Linen Shirt', slug: 'linen-shirt', price: 500, sellingPrice: 500 }),
  category: { _id: categories[0]?._id ?? '', name: 'Garments', slug: 'garments' },
  orderLimit: 3,
  gallery: [],
  options: [{ name: 'Size', values: ['M', 'XL', 'XXL'] }],
  variants: { Size: 'M' },
  information: [],
  description: '',
  related: [],
};
const large: ProductDetail = { ...medium, price: 650, sellingPrice: 650, variants: { Size: 'XL' } };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** How the router came to its address: `REPLACE` after a choice that replaced the entry. */
let navigation = '';
function NavigationProbe() {
  const type = useNavigationType();
  useEffect(() => {
    navigation = type;
  });
  return null;
}

const showPreview = (query = '') =>
  renderWithShop(
    <>
      <ProductPreviewPage />
      <NavigationProbe />
    </>,
    { path: '/preview/:token', url: `/preview/${token}${query}` },
  );

/** The draft in M and XL; XXL it does not have. */
const stubSizes = () =>
  stubApi({
    [`GET ${productPreviewApiPath(token)}`]: ({ query }: FetchCall) => {
      const size = query.get('Size');
      if (size === null || size === 'M') return medium;
      if (size === 'XL') return large;
      return answer(404, { message: 'Linen Shirt is not available as Size: XXL' });
    },
  });
const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('the preview page in the browser (issue 34.4)', () => {
  it('(issue 34.4) shows another item of the draft through the preview link, and the server’s reason for one it does not have', async () => {
    const calls = stubSizes();
    showPreview();
    expect(await screen.findByRole('heading', { name: 'Linen Shirt', level: 1 })).toBeTruthy();
    expect(
      screen.getByText('Preview: shoppers do not see this page until the product is published.'),
    ).toBeTruthy();
    expect(screen.getByText('Cannot be bought in the preview.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.getByText(/NOK\s500/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'XL' }));
    await waitFor(() => expect(screen.getByText(/NOK\s650/)).toBeTruthy());
    expect(
      callsTo(calls, 'GET', productPreviewApiPath(token)).map((call) => call.query.toString()),
    ).toEqual(['', 'Size=XL']);

    fireEvent.click(screen.getByRole('button', { name: 'XXL' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Linen Shirt is not available as Size: XXL',
    );
    // The item shown before stays, not the invalid link's page.
    expect(screen.getByText(/NOK\s650/)).toBeTruthy();
    expect(screen.queryByText(productPreviewMessages.invalid)).toBeNull();
  });

  it('(issue 34.4) choosing an option puts it in the address, replacing the entry, as on the product page', async () => {
    stubSizes();
    const { search } = showPreview();
    await screen.findByRole('heading', { name: 'Linen Shirt', level: 1 });
    expect(search()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'XL' }));
    await waitFor(() => expect(pressed('XL')).toBe('true'));
    expect(search()).toBe('?Size=XL');
    expect(navigation).toBe('REPLACE');
  });

  it('(issue 34.4) a preview link naming an item opens that item; one the draft does not have opens its default item and says so', async () => {
    const calls = stubSizes();
    const { unmount } = showPreview('?Size=XL');
    await screen.findByRole('heading', { name: 'Linen Shirt', level: 1 });
    expect(pressed('XL')).toBe('true');
    expect(screen.getByText(/NOK\s650/)).toBeTruthy();
    expect(
      callsTo(calls, 'GET', productPreviewApiPath(token)).map((call) => call.query.toString()),
    ).toEqual(['Size=XL']);
    unmount();

    showPreview('?Size=XXL');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Linen Shirt is not available as Size: XXL',
    );
    expect(pressed('M')).toBe('true');
    expect(screen.getByText(/NOK\s500/)).toBeTruthy();
  });

  it('(issue 34.4) a link that is not valid or has expired shows the server’s reason on the not-found page', async () => {
    stubApi({
      [`GET ${productPreviewApiPath(token)}`]: answer(404, {
        message: productPreviewMessages.invalid,
      }),
    });
    showPreview();
    expect(await screen.findByText(productPreviewMessages.invalid)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Page not found', level: 1 })).toBeTruthy();
  });
});
