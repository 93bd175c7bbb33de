import { describe, expect, it } from 'vitest';
import {
  combinations,
  itemImagesOf,
  matrixFor,
  suggestedSku,
  type DraftItem,
} from './item-matrix.js';

const item = (variants: Record<string, string>, extra: Partial<DraftItem> = {}): DraftItem => ({
  variants,
  sku: suggestedSku('tee', variants),
  price: '249',
  discountPercent: 0,
  stock: 0,
  orderLimit: 10,
  weightGrams: 200,
  disabled: false,
  lowStockThreshold: null,
  heroImage: null,
  gallery: [],
  isDefault: false,
  ...extra,
});

describe('the item matrix (issue 12)', () => {
  it('makes every combination of the option values, in the listed order', () => {
    expect(
      combinations([
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ]),
    ).toEqual([
      { Size: 'S', Colour: 'Red' },
      { Size: 'S', Colour: 'Blue' },
      { Size: 'M', Colour: 'Red' },
      { Size: 'M', Colour: 'Blue' },
    ]);
    expect(combinations([])).toEqual([{}]);
    expect(combinations([{ name: 'Size', values: ['  '] }])).toEqual([{}]);
  });

  it('keeps existing items with their id and stock when a value is added', () => {
    const small = item({ Size: 'S' }, { id: 'a', stock: 7, isDefault: true, sku: 'OWN-SKU' });
    const matrix = matrixFor([{ name: 'Size', values: ['S', 'M'] }], [small], {
      slug: 'tee',
      weightGrams: 300,
    });
    expect(matrix).toHaveLength(2);
    expect(matrix[0]).toBe(small);
    expect(matrix[1]).toMatchObject({
      variants: { Size: 'M' },
      sku: 'TEE-M',
      price: '249',
      stock: 0,
      weightGrams: 300,
      isDefault: false,
    });
    expect(matrix[1]?.id).toBeUndefined();
  });

  it('drops items whose value was removed and picks a new default when the default went', () => {
    const small = item({ Size: 'S' }, { id: 'a', isDefault: true });
    const medium = item({ Size: 'M' }, { id: 'b' });
    const matrix = matrixFor([{ name: 'Size', values: ['M'] }], [small, medium], {
      slug: 'tee',
      weightGrams: 200,
    });
    expect(matrix.map((one) => one.id)).toEqual(['b']);
    expect(matrix[0]?.isDefault).toBe(true);
  });

  it('suggests readable SKUs', () => {
    expect(suggestedSku('hemp-t-shirt', { Colour: 'Red', Size: 'M' })).toBe('HEMP-T-SHIRT-RED-M');
    expect(suggestedSku('kaffe', { Vekt: '250 g' })).toBe('KAFFE-250-G');
  });
});

describe("the items' own pictures, for their alt texts (issue 12)", () => {
  it("lists the pictures of items that are not the product's, named by the values their items share", () => {
    const red = ['/products/tee-red.webp', '/products/tee-red-2.webp'];
    const items = [
      item({ Size: 'S', Colour: 'Red' }, { heroImage: red[0] ?? null, gallery: red }),
      item({ Size: 'M', Colour: 'Red' }, { heroImage: red[0] ?? null, gallery: red }),
      item({ Size: 'S', Colour: 'Blue' }, { heroImage: '/products/tee.webp' }),
      item({ Size: 'M', Colour: 'Blue' }, { heroImage: '/products/tee-odd.webp' }),
      item({ Size: 'S', Colour: 'Green' }, { gallery: ['/products/tee-mixed.webp'] }),
      item({ Size: 'M', Colour: 'Grey' }, { gallery: ['/products/tee-mixed.webp'] }),
    ];
    expect(itemImagesOf(['/products/tee.webp'], items)).toEqual([
      { path: '/products/tee-red.webp', shared: 'Red', count: 2, number: 1 },
      { path: '/products/tee-red-2.webp', shared: 'Red', count: 2, number: 2 },
      { path: '/products/tee-odd.webp', shared: 'M / Blue', count: 1, number: null },
      { path: '/products/tee-mixed.webp', shared: '', count: 2, number: null },
    ]);
  });
});
