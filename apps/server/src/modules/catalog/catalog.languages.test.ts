import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCategory,
  AdminProduct,
  CartResponse,
  CategoriesResponse,
  ProductCard,
  ProductDetail,
} from '@shop/shared';
import { bearer } from '../../test/account-fixtures.js';
import { productSaveRequestOf, required } from '../../test/catalog-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { categories, productItems, products } from './catalog.tables.js';

// Content kept in both languages (issue 31.5): bokmål in the rows' own columns, English beside.
let ctx: TestContext;
let itemIds: Record<string, string>;
let productIds: Record<string, string>;
let owner: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaffMember(ctx.app, ctx.db);
  const [category] = await ctx.db
    .insert(categories)
    .values({ slug: 'klaer', name: 'Klær', nameEn: 'Clothing' })
    .returning({ id: categories.id });
  const [untranslated] = await ctx.db
    .insert(categories)
    .values({ slug: 'honning', name: 'Honning', position: 1 })
    .returning({ id: categories.id });
  const categoryId = required(category, 'klaer').id;
  const [sweater, honey] = await ctx.db
    .insert(products)
    .values([
      {
        slug: 'ullgenser',
        name: 'Ullgenser',
        nameEn: 'Wool Sweater',
        categoryId,
        options: [
          { name: 'Farge', values: ['Rød', 'Blå'] },
          { name: 'Størrelse', values: ['S', 'M'] },
        ],
        // The sizes are the same words in English: left empty, they fall back one by one.
        optionsEn: [
          { name: 'Colour', values: ['Red', 'Blue'] },
          { name: 'Size', values: ['', ''] },
        ],
        information: [{ informationKey: 'Materiale', informationValue: 'Ull' }],
        informationEn: [{ informationKey: 'Material', informationValue: 'Wool' }],
        description: '<p>Varm genser.</p>',
        descriptionEn: '<p>A warm sweater.</p>',
      },
      {
        slug: 'lynghonning',
        name: 'Lynghonning',
        categoryId: required(untranslated, 'honning').id,
        information: [{ informationKey: 'Vekt', informationValue: '500 g' }],
        description: '<p>Mørk honning.</p>',
      },
    ])
    .returning({ id: products.id });
  const rows = await ctx.db
    .insert(productItems)
    .values([
      {
        productId: required(sweater, 'ullgenser').id,
        variants: { Farge: 'Rød', Størrelse: 'S' },
        isDefault: true,
        priceOre: 59_900,
        stock: 5,
      },
      {
        productId: required(sweater, 'ullgenser').id,
        variants: { Farge: 'Blå', Størrelse: 'M' },
        priceOre: 59_900,
        stock: 5,
        position: 1,
      },
      {
        productId: required(honey, 'lynghonning').id,
        isDefault: true,
        priceOre: 12_900,
        stock: 5,
      },
    ])
    .returning({ id: productItems.id, variants: productItems.variants });
  productIds = {
    ullgenser: required(sweater, 'ullgenser').id,
    lynghonning: required(honey, 'lynghonning').id,
  };
  itemIds = Object.fromEntries(
    rows.map((row) => [Object.values(row.variants).join('/') || 'honey', row.id]),
  );
});
afterAll(async () => ctx?.close());

const norwegian = { 'accept-language': 'nb-NO,nb;q=0.9,en;q=0.5' };

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

describe('the catalogue in the asked language', () => {
  it('API-10 a product page is bokmål for a Norwegian request and English otherwise, with variants to match', async () => {
    const nb = await get<ProductDetail>('/api/products/ullgenser/slug', norwegian);
    expect(nb.name).toBe('Ullgenser');
    expect(nb.category.name).toBe('Klær');
    expect(nb.options).toEqual([
      { name: 'Farge', values: ['Rød', 'Blå'] },
      { name: 'Størrelse', values: ['S', 'M'] },
    ]);
    expect(nb.variants).toEqual({ Farge: 'Rød', Størrelse: 'S' });
    expect(nb.information).toEqual([{ informationKey: 'Materiale', informationValue: 'Ull' }]);
    expect(nb.description).toBe('<p>Varm genser.</p>');

    const en = await get<ProductDetail>('/api/products/ullgenser/slug');
    expect(en.name).toBe('Wool Sweater');
    expect(en.category.name).toBe('Clothing');
    expect(en.options).toEqual([
      { name: 'Colour', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['S', 'M'] },
    ]);
    expect(en.variants).toEqual({ Colour: 'Red', Size: 'S' });
    expect(en.information).toEqual([{ informationKey: 'Material', informationValue: 'Wool' }]);
    expect(en.description).toBe('<p>A warm sweater.</p>');
  });

  it('API-10 an item is chosen by the option names and values of the asked language', async () => {
    const en = await get<ProductDetail>('/api/products/ullgenser/slug?Colour=Blue&Size=M');
    expect(en._id).toBe(itemIds['Blå/M']);
    expect(en.variants).toEqual({ Colour: 'Blue', Size: 'M' });
    const nb = await get<ProductDetail>(
      `/api/products/ullgenser/slug?Farge=${encodeURIComponent('Blå')}&St%C3%B8rrelse=M`,
      norwegian,
    );
    expect(nb._id).toBe(itemIds['Blå/M']);
    expect(nb.variants).toEqual({ Farge: 'Blå', Størrelse: 'M' });
  });

  it('API-10 English falls back to the bokmål where none is written', async () => {
    const en = await get<ProductDetail>('/api/products/lynghonning/slug');
    expect(en.name).toBe('Lynghonning');
    expect(en.category.name).toBe('Honning');
    expect(en.information).toEqual([{ informationKey: 'Vekt', informationValue: '500 g' }]);
    expect(en.description).toBe('<p>Mørk honning.</p>');
  });

  it('API-01 the category menu and the cards follow the language', async () => {
    const menu = async (headers?: Record<string, string>) =>
      (await get<CategoriesResponse>('/api/categories/web', headers)).categories.map(
        (category) => category.name,
      );
    expect(await menu(norwegian)).toEqual(['Klær', 'Honning']);
    expect(await menu()).toEqual(['Clothing', 'Honning']);
    const cards = async (headers?: Record<string, string>) =>
      (await get<ProductCard[]>('/api/products/new', headers)).map((card) => card.name).sort();
    expect(await cards(norwegian)).toEqual(['Lynghonning', 'Ullgenser']);
    expect(await cards()).toEqual(['Lynghonning', 'Wool Sweater']);
    const found = await get<{ products: ProductCard[] }>('/api/products/website?keyword=genser');
    expect(found.products.map((card) => card.name)).toEqual(['Wool Sweater']);
  });

  it('API-11 a cart line names its product and variants in the asked language', async () => {
    const line = {
      product: {
        _id: required(itemIds['Blå/M'], 'Blå/M'),
        name: 'x',
        slug: 'ullgenser',
        stock: 1,
        orderLimit: 1,
        heroImage: '',
        price: 1,
        discount: 0,
        sellingPrice: 1,
        variants: {},
      },
      qty: 1,
    };
    const cart = async (headers: Record<string, string> = {}) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/cart',
        headers,
        payload: { cartItems: [line], currencyCode: 'NOK' },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as CartResponse).cartItems[0]?.product;
    };
    expect(await cart(norwegian)).toMatchObject({
      name: 'Ullgenser',
      variants: { Farge: 'Blå', Størrelse: 'M' },
    });
    expect(await cart()).toMatchObject({
      name: 'Wool Sweater',
      variants: { Colour: 'Blue', Size: 'M' },
    });
  });
});

describe('the back office edits both languages side by side', () => {
  const admin = async (method: 'GET' | 'PUT', url: string, payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: bearer(owner.session),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as AdminProduct;
  };

  it('API-20 a product answers its English texts beside the bokmål ones and says which fall back', async () => {
    const sweater = await admin('GET', `/api/admin/products/${productIds.ullgenser}`);
    expect(sweater.name).toBe('Ullgenser');
    expect(sweater.en).toEqual({
      name: 'Wool Sweater',
      description: '<p>A warm sweater.</p>',
      information: [{ informationKey: 'Material', informationValue: 'Wool' }],
      options: [
        { name: 'Colour', values: ['Red', 'Blue'] },
        { name: 'Size', values: ['', ''] },
      ],
    });
    expect(sweater.englishFallbacks).toEqual(['options']);
    const honey = await admin('GET', `/api/admin/products/${productIds.lynghonning}`);
    expect(honey.en.name).toBe('');
    expect(honey.englishFallbacks).toEqual(['name', 'description', 'information']);
  });

  it('API-20 a save writes the English texts, and a save without them keeps them', async () => {
    const url = `/api/admin/products/${productIds.lynghonning}`;
    const loaded = await admin('GET', url);
    const saved = await admin(
      'PUT',
      url,
      productSaveRequestOf(loaded, {
        en: { name: ' Heather Honey ', description: '<p>Dark honey.</p><script>x</script>' },
      }),
    );
    expect(saved.en.name).toBe('Heather Honey');
    expect(saved.en.description).toBe('<p>Dark honey.</p>');
    expect(saved.englishFallbacks).toEqual(['information']);
    const page = async (headers: Record<string, string> = {}) =>
      (await get<ProductDetail>('/api/products/lynghonning/slug', headers)).name;
    expect(await page()).toBe('Heather Honey');
    expect(await page(norwegian)).toBe('Lynghonning');

    const kept = await admin(
      'PUT',
      url,
      productSaveRequestOf(saved, { name: 'Røsslynghonning', slug: 'lynghonning' }),
    );
    expect(kept.name).toBe('Røsslynghonning');
    expect(kept.en.name).toBe('Heather Honey');
    const cleared = await admin('PUT', url, productSaveRequestOf(kept, { en: { name: '' } }));
    expect(cleared.englishFallbacks).toEqual(['name', 'description', 'information']);
    expect(await page()).toBe('Røsslynghonning');
  });
});

describe('the back office names categories in both languages', () => {
  const admin = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: bearer(owner.session),
      payload,
    });
    expect(response.statusCode).toBeLessThan(300);
    return response.json() as AdminCategory;
  };

  it('API-20 a category is made and renamed with its English name beside the bokmål', async () => {
    const made = await admin('POST', '/api/admin/categories', { name: 'Te', nameEn: ' Tea ' });
    expect(made).toMatchObject({ name: 'Te', nameEn: 'Tea', englishFallbacks: [] });
    const menu = async (headers?: Record<string, string>) =>
      (await get<CategoriesResponse>('/api/categories/web', headers)).categories.map(
        (category) => category.name,
      );
    expect(await menu()).toContain('Tea');
    expect(await menu(norwegian)).toContain('Te');

    const cleared = await admin('PATCH', `/api/admin/categories/${made.id}`, { nameEn: '' });
    expect(cleared).toMatchObject({ name: 'Te', nameEn: '', englishFallbacks: ['name'] });
    expect(await menu()).toContain('Te');
    const renamed = await admin('PATCH', `/api/admin/categories/${made.id}`, { name: 'Urtete' });
    expect(renamed).toMatchObject({ name: 'Urtete', nameEn: '' });
  });
});
