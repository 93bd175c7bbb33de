import { describe, expect, it } from 'vitest';
import {
  applyToItems,
  combinations,
  itemImagesOf,
  itemKey,
  itemsPatchOf,
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

describe('setting many items at once (issue 34.3)', () => {
  const tee = () => [
    item({ Colour: 'Red', Size: 'S' }, { id: 'a', stock: 4, isDefault: true }),
    item({ Colour: 'Red', Size: 'M' }, { id: 'b', stock: 2 }),
    item({ Colour: 'Blue', Size: 'S' }, { stock: 0 }),
    item({ Colour: 'Blue', Size: 'M' }, { stock: 0 }),
  ];
  const keys = (items: DraftItem[], ...indexes: number[]) =>
    new Set(indexes.map((index) => itemKey(items[index] ?? item({}))));

  it('sets price, discount and weight on the chosen items only', () => {
    const items = tee();
    const priced = applyToItems(items, keys(items, 1, 3), {
      price: '199,50',
      discountPercent: 20,
      weightGrams: 250,
    });
    expect(priced.map((one) => [one.price, one.discountPercent, one.weightGrams])).toEqual([
      ['249', 0, 200],
      ['199,50', 20, 250],
      ['249', 0, 200],
      ['199,50', 20, 250],
    ]);
    expect(priced[0]).toBe(items[0]);
    expect(priced[1]).toMatchObject({ id: 'b', stock: 2, sku: items[1]?.sku, isDefault: false });
  });

  it('sets stock on new items only: an existing item’s stock changes in the inventory', () => {
    const items = tee();
    const stocked = applyToItems(items, new Set(items.map(itemKey)), { stock: 12 });
    expect(stocked.map((one) => one.stock)).toEqual([4, 2, 12, 12]);
  });

  it('gives each chosen item the SKU prefix and its option values', () => {
    const items = tee();
    const renamed = applyToItems(items, keys(items, 0, 1, 2), { skuPrefix: 'tsh' });
    expect(renamed.map((one) => one.sku)).toEqual([
      'TSH-RED-S',
      'TSH-RED-M',
      'TSH-BLUE-S',
      items[3]?.sku,
    ]);
    const single = applyToItems([item({})], new Set([itemKey(item({}))]), { skuPrefix: 'Ulv 1' });
    expect(single[0]?.sku).toBe('ULV-1');
  });

  it('keys an item by its option values, so a choice outlives a change of the options', () => {
    const items = tee();
    const chosen = keys(items, 2);
    const grown = matrixFor(
      [
        { name: 'Colour', values: ['Green', 'Red', 'Blue'] },
        { name: 'Size', values: ['S', 'M'] },
      ],
      items,
      { slug: 'tee', weightGrams: 200 },
    );
    const discounted = applyToItems(grown, chosen, { discountPercent: 10 });
    expect(
      discounted.filter((one) => one.discountPercent === 10).map((one) => one.variants),
    ).toEqual([{ Colour: 'Blue', Size: 'S' }]);
    expect(applyToItems(items, new Set(['gone']), { price: '1' })).toEqual(items);
  });

  it('reads a typed value as the field takes it, and names the field it does not fit', () => {
    expect(itemsPatchOf('price', ' 249,50 ')).toEqual({ patch: { price: '249,50' } });
    expect(itemsPatchOf('price', '1 249')).toEqual({ patch: { price: '1 249' } });
    expect(itemsPatchOf('price', '24.999')).toEqual({ invalid: 'price' });
    expect(itemsPatchOf('price', '')).toEqual({ invalid: 'price' });
    expect(itemsPatchOf('discountPercent', '15')).toEqual({ patch: { discountPercent: 15 } });
    expect(itemsPatchOf('discountPercent', '101')).toEqual({ invalid: 'discountPercent' });
    expect(itemsPatchOf('discountPercent', '2.5')).toEqual({ invalid: 'discountPercent' });
    expect(itemsPatchOf('stock', '0')).toEqual({ patch: { stock: 0 } });
    expect(itemsPatchOf('stock', '-1')).toEqual({ invalid: 'stock' });
    expect(itemsPatchOf('weightGrams', '1000000')).toEqual({ patch: { weightGrams: 1_000_000 } });
    expect(itemsPatchOf('weightGrams', '1000001')).toEqual({ invalid: 'weightGrams' });
    expect(itemsPatchOf('skuPrefix', ' TSH ')).toEqual({ patch: { skuPrefix: 'TSH' } });
    expect(itemsPatchOf('skuPrefix', '--')).toEqual({ invalid: 'skuPrefix' });
  });
});
