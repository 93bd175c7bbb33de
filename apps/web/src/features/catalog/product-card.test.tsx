import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { selectCurrency } from '../currency/currency-slice.js';
import { productCard, renderWithShop, stubApi } from './catalog-test-kit.js';
import { ProductCardView } from './product-card.js';
import { ProductGrid } from './product-grid.js';

describe('ProductCardView', () => {
  it('CARD-01 GLOB-28 shows the hero image from the backend origin, lazy and sized', () => {
    renderWithShop(
      <ProductCardView
        product={productCard({ name: 'Forest Honey', heroImage: '/products/honey.webp' })}
      />,
    );
    const image = screen.getByRole('img', { name: 'Forest Honey' });
    expect(image.getAttribute('src')).toBe('/uploads/products/honey.webp');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('300');
    expect(image.getAttribute('height')).toBe('300');
  });

  it('a grid loads the pictures of its first eagerCount cards at once, the rest lazily', () => {
    renderWithShop(
      <ProductGrid
        name="grid"
        products={Array.from({ length: 6 }, (_, index) => productCard({ name: `Tea ${index}` }))}
        eagerCount={4}
      />,
    );
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });

  it('CARD-01 offers the stored sizes of the picture with the width a card has (issue 12)', () => {
    renderWithShop(
      <ProductCardView
        product={productCard({ name: 'Forest Honey', heroImage: '/products/honey.webp' })}
      />,
    );
    const image = screen.getByRole('img', { name: 'Forest Honey' });
    expect(image.getAttribute('srcset')).toBe(
      '/uploads/products/honey-w320.webp 320w, /uploads/products/honey-w640.webp 640w, ' +
        '/uploads/products/honey-w960.webp 960w, /uploads/products/honey.webp 1600w',
    );
    expect(image.getAttribute('sizes')).toMatch(
      /^\(min-width: 1400px\) 312px, .*calc\(50vw - 20px\)$/,
    );
  });

  it('CARD-02 shows the default image when the hero image is empty, without a srcset', () => {
    renderWithShop(<ProductCardView product={productCard({ name: 'Tea', heroImage: '' })} />);
    const image = screen.getByRole('img', { name: 'Tea' });
    expect(image.getAttribute('src')).toBe('/default-product.svg');
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(image.hasAttribute('sizes')).toBe(false);
  });

  it('CARD-03 shows the product name and links to its page', () => {
    renderWithShop(
      <ProductCardView product={productCard({ name: 'Hemp Soap', slug: 'hemp-soap' })} />,
    );
    expect(screen.getByRole('heading', { name: 'Hemp Soap' })).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/product/hemp-soap');
  });

  it('CARD-04 shows the price in the current currency (price × rate)', async () => {
    stubApi({ 'POST /api/multiCurrency': { value: 0.1, code: 'EUR', countryCode: 'DEU' } });
    const { store } = renderWithShop(
      <ProductCardView product={productCard({ sellingPrice: 250 })} />,
    );
    expect(screen.getByText('NOK 250')).toBeTruthy();
    await store.dispatch(selectCurrency({ currencyCode: 'EUR', countryCode: 'DEU' }));
    expect(await screen.findByText('EUR 25')).toBeTruthy();
  });

  it('CONST-18 shows decimals only when the price is not whole', () => {
    renderWithShop(
      <ProductGrid
        name="grid"
        products={[productCard({ sellingPrice: 199 }), productCard({ sellingPrice: 149.5 })]}
      />,
    );
    expect(screen.getByText('NOK 199')).toBeTruthy();
    expect(screen.getByText('NOK 149.50')).toBeTruthy();
  });

  it('CARD-05 shows IN STOCK when stock is above 0', () => {
    renderWithShop(<ProductCardView product={productCard({ stock: 3 })} />);
    expect(screen.getByText('IN STOCK')).toBeTruthy();
    expect(screen.queryByText('OUT OF STOCK')).toBeNull();
  });

  it('CARD-06 shows OUT OF STOCK when stock is 0', () => {
    renderWithShop(<ProductCardView product={productCard({ stock: 0 })} />);
    expect(screen.getByText('OUT OF STOCK')).toBeTruthy();
    expect(screen.queryByText('IN STOCK')).toBeNull();
  });

  it('CARD-07 shows a N%off badge when the discount is above 0', () => {
    renderWithShop(<ProductCardView product={productCard({ discount: 20 })} />);
    expect(screen.getByText('20%off')).toBeTruthy();
  });

  it('CARD-08 shows no N%off badge when the discount is 0', () => {
    const { container } = renderWithShop(
      <ProductCardView product={productCard({ discount: 0 })} />,
    );
    expect(container.textContent).not.toMatch(/%off/);
  });
});
