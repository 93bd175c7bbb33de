import type {
  AdminProduct,
  ProductInformation,
  ProductOption,
  ProductSaveRequest,
  Variants,
} from '@shop/shared';
import type { Database } from '../db/client.js';
import {
  categories,
  productItems,
  productRelations,
  products,
} from '../modules/catalog/catalog.tables.js';

/**
 * A small catalogue with known ids, prices and dates, inserted straight through Drizzle so that
 * API tests never depend on the demo seed.
 *
 * Categories (position order): Garments (T-Shirts, Socks), Food (Honey (Raw Honey, Creamed
 * Honey), Coffee and Tea), Cleaning (no sub-categories).
 */
interface CategorySpec {
  slug: string;
  name: string;
  position: number;
  parent?: string;
  image?: string;
}

const categorySpecs: CategorySpec[] = [
  { slug: 'food', name: 'Food', position: 1, image: '/categories/food.webp' },
  { slug: 'garments', name: 'Garments', position: 0, image: '/categories/garments.webp' },
  { slug: 'cleaning', name: 'Cleaning', position: 2 },
  { slug: 'coffee-and-tea', name: 'Coffee and Tea', position: 2, parent: 'food' },
  { slug: 'honey', name: 'Honey', position: 1, parent: 'food' },
  { slug: 'socks', name: 'Socks', position: 1, parent: 'garments' },
  { slug: 't-shirts', name: 'T-Shirts', position: 0, parent: 'garments' },
  { slug: 'creamed-honey', name: 'Creamed Honey', position: 2, parent: 'honey' },
  { slug: 'raw-honey', name: 'Raw Honey', position: 1, parent: 'honey' },
];

interface ItemSpec {
  variants?: Variants;
  isDefault?: boolean;
  priceOre: number;
  discountPercent?: number;
  stock?: number;
  orderLimit?: number;
  heroImage?: string;
  gallery?: string[];
  position?: number;
}

interface ProductSpec {
  slug: string;
  name: string;
  category: string;
  sub?: string;
  sub2?: string;
  createdAt: string;
  soldCount: number;
  keywords?: string;
  vatPercent?: number;
  options?: ProductOption[];
  information?: ProductInformation[];
  gallery?: string[];
  description?: string;
  items: ItemSpec[];
  related?: string[];
}

const productSpecs: ProductSpec[] = [
  {
    slug: 'acacia-honey',
    name: 'Acacia Honey',
    category: 'food',
    sub: 'honey',
    sub2: 'raw-honey',
    createdAt: '2024-12-01T10:00:00Z',
    soldCount: 20,
    keywords: 'honey food sweet',
    vatPercent: 15,
    items: [{ isDefault: true, priceOre: 14_900, stock: 12 }],
  },
  {
    slug: 'raw-forest-honey',
    name: 'Raw Forest Honey 500 g',
    category: 'food',
    sub: 'honey',
    sub2: 'raw-honey',
    createdAt: '2025-01-01T10:00:00Z',
    soldCount: 50,
    keywords: 'honey food',
    vatPercent: 15,
    items: [{ isDefault: true, priceOre: 14_900, stock: 20, orderLimit: 5 }],
  },
  {
    slug: 'creamed-clover-honey',
    name: 'Creamed Clover Honey',
    category: 'food',
    sub: 'honey',
    sub2: 'creamed-honey',
    createdAt: '2025-02-01T10:00:00Z',
    soldCount: 5,
    keywords: 'honey food',
    vatPercent: 15,
    items: [{ isDefault: true, priceOre: 12_900, discountPercent: 10, stock: 0 }],
  },
  {
    slug: 'ethiopian-coffee-beans',
    name: 'Ethiopian Coffee Beans',
    category: 'food',
    sub: 'coffee-and-tea',
    createdAt: '2025-03-01T10:00:00Z',
    soldCount: 80,
    keywords: 'coffee beans drink',
    vatPercent: 15,
    items: [{ isDefault: true, priceOre: 19_900, stock: 30 }],
  },
  {
    slug: 'green-tea',
    name: 'Green Tea',
    category: 'food',
    sub: 'coffee-and-tea',
    createdAt: '2025-04-01T10:00:00Z',
    soldCount: 10,
    keywords: 'tea drink',
    vatPercent: 15,
    items: [{ isDefault: true, priceOre: 7_900, stock: 40 }],
  },
  {
    slug: 'hemp-t-shirt',
    name: 'Hemp T-Shirt',
    category: 'garments',
    sub: 't-shirts',
    createdAt: '2025-05-01T10:00:00Z',
    soldCount: 30,
    keywords: 'hemp garment shirt',
    options: [
      { name: 'Color', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['M', 'XL'] },
    ],
    information: [{ informationKey: 'Material', informationValue: '100 % hemp' }],
    gallery: ['/products/hemp-t-shirt-1.webp', '/products/hemp-t-shirt-2.webp'],
    description: '<p>Soft hemp.</p>',
    items: [
      {
        variants: { Color: 'Red', Size: 'XL' },
        priceOre: 31_900,
        stock: 3,
        position: 1,
      },
      {
        variants: { Color: 'Red', Size: 'M' },
        isDefault: true,
        priceOre: 29_900,
        discountPercent: 20,
        stock: 8,
        orderLimit: 4,
        position: 0,
      },
      {
        variants: { Color: 'Blue', Size: 'M' },
        priceOre: 29_900,
        stock: 6,
        heroImage: '/products/hemp-t-shirt-blue.webp',
        gallery: ['/products/hemp-t-shirt-blue.webp', '/products/hemp-t-shirt-blue-2.webp'],
        position: 2,
      },
    ],
    related: ['ethiopian-coffee-beans', 'raw-forest-honey'],
  },
  {
    slug: 'wool-socks',
    name: 'Wool Socks',
    category: 'garments',
    sub: 'socks',
    createdAt: '2025-06-01T10:00:00Z',
    soldCount: 0,
    keywords: 'wool garment',
    items: [{ isDefault: true, priceOre: 9_900, stock: 15 }],
  },
];

export interface FixtureProduct {
  id: string;
  slug: string;
  /** The default item's id: the `_id` of the product's card. */
  defaultItemId: string;
  /** Item ids keyed by their variants as `Color=Red,Size=M`, names sorted (`''` for none). */
  itemIds: Record<string, string>;
}

export interface CatalogFixture {
  categories: Record<string, string>;
  products: Record<string, FixtureProduct>;
}

/** The value, or a failed fixture set-up naming what was missing. */
export function required<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`Test fixture has no ${what}`);
  return value;
}

export const variantKey = (variants: Variants) =>
  Object.entries(variants)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join(',');

export const fixtureHeroImage = (slug: string) => `/products/${slug}.webp`;

/** Inserts the test catalogue and answers the generated ids by slug. */
export async function insertCatalogFixture(db: Database): Promise<CatalogFixture> {
  const categoryIds: Record<string, string> = {};
  for (const spec of categorySpecs) {
    const [row] = await db
      .insert(categories)
      .values({
        name: spec.name,
        slug: spec.slug,
        position: spec.position,
        image: spec.image ?? '',
        parentId: spec.parent ? categoryIds[spec.parent] : null,
      })
      .returning({ id: categories.id });
    categoryIds[spec.slug] = required(row, spec.slug).id;
  }

  const fixtureProducts: Record<string, FixtureProduct> = {};
  for (const spec of productSpecs) {
    const [row] = await db
      .insert(products)
      .values({
        slug: spec.slug,
        name: spec.name,
        categoryId: required(categoryIds[spec.category], spec.category),
        subCategoryId: spec.sub ? categoryIds[spec.sub] : null,
        subCategory2Id: spec.sub2 ? categoryIds[spec.sub2] : null,
        heroImage: fixtureHeroImage(spec.slug),
        gallery: spec.gallery ?? [],
        options: spec.options ?? [],
        information: spec.information ?? [],
        description: spec.description ?? '',
        vatPercent: spec.vatPercent ?? 25,
        keywords: spec.keywords ?? '',
        soldCount: spec.soldCount,
        createdAt: new Date(spec.createdAt),
      })
      .returning({ id: products.id });
    const productId = required(row, spec.slug).id;
    const items = await db
      .insert(productItems)
      .values(
        spec.items.map((item) => ({
          productId,
          variants: item.variants ?? {},
          isDefault: item.isDefault ?? false,
          priceOre: item.priceOre,
          discountPercent: item.discountPercent ?? 0,
          stock: item.stock ?? 10,
          orderLimit: item.orderLimit ?? 10,
          heroImage: item.heroImage ?? null,
          gallery: item.gallery ?? [],
          position: item.position ?? 0,
        })),
      )
      .returning({
        id: productItems.id,
        variants: productItems.variants,
        isDefault: productItems.isDefault,
      });
    fixtureProducts[spec.slug] = {
      id: productId,
      slug: spec.slug,
      defaultItemId: required(
        items.find((item) => item.isDefault),
        `default item of ${spec.slug}`,
      ).id,
      itemIds: Object.fromEntries(items.map((item) => [variantKey(item.variants), item.id])),
    };
  }

  for (const spec of productSpecs) {
    if (!spec.related) continue;
    await db.insert(productRelations).values(
      spec.related.map((slug, position) => ({
        productId: required(fixtureProducts[spec.slug], spec.slug).id,
        relatedId: required(fixtureProducts[slug], slug).id,
        position,
      })),
    );
  }
  return { categories: categoryIds, products: fixtureProducts };
}

/** The request that saves the product as loaded, with the given changes. */
export function productSaveRequestOf(
  product: AdminProduct,
  changes: Partial<ProductSaveRequest> = {},
): ProductSaveRequest {
  return {
    name: product.name,
    categoryId: product.categoryId,
    description: product.description,
    information: product.information,
    vatPercent: product.vatPercent as 25 | 15,
    weightGrams: product.weightGrams,
    status: product.status,
    options: product.options,
    relatedIds: product.related.map((related) => related.id),
    items: product.items
      .filter((item) => item.archivedAt === null)
      .map((item) => ({
        id: item.id,
        variants: item.variants,
        sku: item.sku,
        priceOre: item.priceOre,
        discountPercent: item.discountPercent,
        orderLimit: item.orderLimit,
        disabled: item.disabled,
        isDefault: item.isDefault,
      })),
    version: product.version,
    ...changes,
  };
}
