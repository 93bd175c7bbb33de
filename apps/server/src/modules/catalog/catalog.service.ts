import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  CategoriesResponse,
  CategoryListingResponse,
  CategorySort,
  Category,
  InOre,
  Locale,
  ProductDetail,
  ProductInformation,
  ProductOption,
  SubCategory,
  Variants,
} from '@shop/shared';
import { HOME_LIST_SIZE, nokToOre } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { rowsOf, statementBuiltOnce } from '../../db/statement.js';
import { InvalidError, NotFoundError } from '../../domain-errors.js';
import {
  categories,
  categoryListingCounts,
  categorySlugRedirects,
  productItems,
  productRelations,
  products,
  productSlugRedirects,
} from './catalog.tables.js';
import { informationIn, optionsIn, textIn, variantsIn } from './content-language.js';
import {
  defaultItemJoin,
  itemForSale,
  productCardColumnsIn,
  productOnSale,
  productOnSaleOf,
  productCardOf,
  type ProductCardInOre,
  type ProductCardRow,
} from './product-card.js';

export { HOME_LIST_SIZE };
/** The page size when only `page` is given; the storefront shows 15 per page (CONST-02). */
export const CATEGORY_PAGE_SIZE = 15;

/**
 * The whole category menu, three levels deep, each level ordered by position. Every level's
 * array is present (possibly empty) because old clients iterate them without checking.
 */
export async function listCategoryTree(db: Database, locale: Locale): Promise<CategoriesResponse> {
  // A hidden category's sub-categories hang under it only, so they go with it.
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.hidden, false))
    .orderBy(asc(categories.position), asc(categories.name));
  const childrenOf = new Map<string, typeof rows>();
  for (const row of rows) {
    if (!row.parentId) continue;
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }
  const tree: Category[] = rows
    .filter((row) => row.parentId === null)
    .map((top) => ({
      _id: top.id,
      name: textIn(locale, top.name, top.nameEn),
      slug: top.slug,
      image: top.image,
      subCategory: (childrenOf.get(top.id) ?? []).map((sub): SubCategory => ({
        _id: sub.id,
        name: textIn(locale, sub.name, sub.nameEn),
        slug: sub.slug,
        subCategory2: (childrenOf.get(sub.id) ?? []).map((sub2) => ({
          _id: sub2.id,
          name: textIn(locale, sub2.name, sub2.nameEn),
          slug: sub2.slug,
        })),
      })),
    }));
  return { categories: tree };
}

function selectCards(db: Database, locale: Locale) {
  return db
    .select(productCardColumnsIn(locale))
    .from(products)
    .innerJoin(productItems, defaultItemJoin);
}

/** A family of 'Best Selling Products' with what the back office shows of it. */
export interface FeaturedFamily {
  productId: string;
  soldCount: number;
  pinned: boolean;
  card: ProductCardInOre;
}

/**
 * The home page's 'Best Selling Products': the families staff pinned (those on sale, in pin
 * order), then the best-selling others. Two queries, so the second still walks the sales index.
 */
export async function listFeaturedFamilies(
  db: Database,
  locale: Locale,
): Promise<FeaturedFamily[]> {
  const columns = {
    ...productCardColumnsIn(locale),
    productId: products.id,
    soldCount: products.soldCount,
  };
  const select = () => db.select(columns).from(products).innerJoin(productItems, defaultItemJoin);
  const pinned = await select()
    .where(and(productOnSale, isNotNull(products.bestSellingPin)))
    .orderBy(asc(products.bestSellingPin))
    .limit(HOME_LIST_SIZE);
  const rest =
    pinned.length >= HOME_LIST_SIZE
      ? []
      : await select()
          .where(and(productOnSale, isNull(products.bestSellingPin)))
          .orderBy(desc(products.soldCount), desc(products.createdAt), asc(products.name))
          .limit(HOME_LIST_SIZE - pinned.length);
  const family =
    (isPinned: boolean) =>
    (row: (typeof pinned)[number]): FeaturedFamily => ({
      productId: row.productId,
      soldCount: row.soldCount,
      pinned: isPinned,
      card: productCardOf(row),
    });
  return [...pinned.map(family(true)), ...rest.map(family(false))];
}

/** The cards of 'Best Selling Products'. */
export async function listFeaturedProducts(
  db: Database,
  locale: Locale,
): Promise<ProductCardInOre[]> {
  return (await listFeaturedFamilies(db, locale)).map((family) => family.card);
}

/** The newest families, for the home page's 'Latest Products'. */
export async function listNewProducts(db: Database, locale: Locale): Promise<ProductCardInOre[]> {
  const rows = await selectCards(db, locale)
    .where(productOnSale)
    .orderBy(desc(products.createdAt), asc(products.name))
    .limit(HOME_LIST_SIZE);
  return rows.map(productCardOf);
}

export interface CategoryListingFilter {
  sub: { _id: string }[];
  sub2: { _id: string } | null;
  /** NOK; 0 means no bound. */
  min: number;
  max: number;
  sortby: CategorySort;
}

/** A category's listing as the service answers it: its cards in øre. */
export type CategoryListingInOre = Omit<CategoryListingResponse, 'products'> & {
  products: ProductCardInOre[];
};

export interface Paging {
  page?: number | undefined;
  limit?: number | undefined;
}

const levelColumns = {
  category: products.categoryId,
  sub: products.subCategoryId,
  sub2: products.subCategory2Id,
};
type Level = keyof typeof levelColumns;

/**
 * products.list_price_ore is the default item's selling price (kept by a trigger), so the
 * category and the price are answered from one index.
 */
function listingOrder(sortby: CategorySort): SQL[] {
  return sortby === 'lowToHigh'
    ? [asc(products.listPriceOre), asc(products.name), asc(products.id)]
    : sortby === 'highToLow'
      ? [desc(products.listPriceOre), asc(products.name), asc(products.id)]
      : [desc(products.createdAt), asc(products.name), asc(products.id)];
}

const countedLevels = {
  category: categoryListingCounts.categoryId,
  sub: categoryListingCounts.subCategoryId,
  sub2: categoryListingCounts.subCategory2Id,
};

/**
 * The count of a category's products on sale, as productOnSale counts them, from the counts
 * the database keeps per place in the menu (migration 0037): the places that meet `where` (on
 * category_listing_counts' columns), none of whose categories is hidden.
 */
function listingCount(where: SQL | undefined): SQL {
  return sql`select coalesce(sum(${categoryListingCounts.products}), 0)::int
    from ${categoryListingCounts}
    where ${where}
      and not exists (
        select 1 from ${categories}
        where ${categories.hidden} and ${categories.id} in (
          ${categoryListingCounts.categoryId},
          ${categoryListingCounts.subCategoryId},
          ${categoryListingCounts.subCategory2Id}
        )
      )`;
}

/**
 * Which places in the menu a listing shows: the category, narrowed to the sub-categories and
 * sub-sub-category the shopper filtered on, as conditions on `columns` (products' own or those
 * of the counts kept per place, which name places alike).
 */
function placeConditions(
  columns: Record<Level, AnyPgColumn>,
  level: Level,
  category: string | Placeholder,
  filter: Pick<CategoryListingFilter, 'sub' | 'sub2'>,
): SQL[] {
  const conditions = [eq(columns[level], category)];
  if (filter.sub.length > 0)
    conditions.push(
      inArray(
        columns.sub,
        filter.sub.map((sub) => sub._id),
      ),
    );
  if (filter.sub2) conditions.push(eq(columns.sub2, filter.sub2._id));
  return conditions;
}

type PageStatement = (
  db: Database,
  values: { category: string; limit: number; offset: number },
) => Promise<(ProductCardRow & { total: number })[]>;

const unfilteredPages = new Map<string, PageStatement>();

/**
 * A page of a category's listing without filters, as the storefront asks for it, with the count
 * of all matches: the statement listCategoryProducts builds for it, built once per level, order
 * and language (statementBuiltOnce), since building it took as long as the rest of the call.
 */
function unfilteredPage(level: Level, sortby: CategorySort, locale: Locale): PageStatement {
  const key = `${level} ${sortby} ${locale}`;
  let statement = unfilteredPages.get(key);
  if (!statement) {
    statement = statementBuiltOnce(() => {
      const where = and(eq(levelColumns[level], sql.placeholder('category')), productOnSale);
      const columns = Object.entries(productCardColumnsIn(locale)).map(
        ([alias, column]) => sql`${column} as ${sql.identifier(alias)}`,
      );
      return sql`select ${sql.join(columns, sql`, `)},
          (${listingCount(
            and(
              ...placeConditions(countedLevels, level, sql.placeholder('category'), {
                sub: [],
                sub2: null,
              }),
            ),
          )}) as "total"
        from ${products}
        inner join ${productItems} on ${defaultItemJoin}
        where ${where}
        order by ${sql.join(listingOrder(sortby), sql`, `)}
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
    });
    unfilteredPages.set(key, statement);
  }
  return statement;
}

/**
 * The products of a category of any level, filtered and sorted in SQL on the default item's
 * selling price. Without paging every match is returned (old clients page in the browser);
 * with `page` and `limit` only that page, and `count` is always the number of all matches.
 */
export async function listCategoryProducts(
  db: Database,
  categoryId: string,
  filter: CategoryListingFilter,
  paging: Paging,
  locale: Locale,
): Promise<CategoryListingInOre> {
  const [category] = await visibleCategoryById(db, { id: categoryId });
  if (!category) throw new NotFoundError('errors.catalog.categoryNotFound');

  const level: Level = !category.parentId ? 'category' : !category.grandparentId ? 'sub' : 'sub2';
  const unfiltered =
    filter.sub.length === 0 && !filter.sub2 && !(filter.min > 0) && !(filter.max > 0);
  if (unfiltered && (paging.page !== undefined || paging.limit !== undefined)) {
    const limit = paging.limit ?? CATEGORY_PAGE_SIZE;
    const rows = await unfilteredPage(
      level,
      filter.sortby,
      locale,
    )(db, {
      category: category.id,
      limit,
      offset: ((paging.page ?? 1) - 1) * limit,
    });
    if (rows[0]) return { products: rows.map(productCardOf), count: rows[0].total };
  }
  const conditions: (SQL | undefined)[] = [
    ...placeConditions(levelColumns, level, category.id, filter),
    productOnSale,
  ];
  if (filter.min > 0) conditions.push(gte(products.listPriceOre, nokToOre(filter.min)));
  if (filter.max > 0) conditions.push(lte(products.listPriceOre, nokToOre(filter.max)));
  const where = and(...conditions);

  const order = listingOrder(filter.sortby);

  // A sub-category's page filters its top category on it: the counts kept per place answer
  // that as they answer a whole category. Only a price bound needs the products counted.
  const matches =
    filter.min > 0 || filter.max > 0
      ? sql`select count(*)::int from ${products} where ${where}`
      : listingCount(and(...placeConditions(countedLevels, level, category.id, filter)));
  if (paging.page === undefined && paging.limit === undefined) {
    const rows = await db
      .select(productCardColumnsIn(locale))
      .from(products)
      .innerJoin(productItems, defaultItemJoin)
      .where(where)
      .orderBy(...order);
    return { products: rows.map(productCardOf), count: rows.length };
  }

  // The page walks an index and stops early; the count of all matches rides along as a
  // subquery run once (an InitPlan), from the kept counts or the price index alone, needing no
  // join. One statement, so one round trip; a page past the end has no row to carry it.
  const limit = paging.limit ?? CATEGORY_PAGE_SIZE;
  const rows = await db
    .select({ ...productCardColumnsIn(locale), total: sql<number>`(${matches})` })
    .from(products)
    .innerJoin(productItems, defaultItemJoin)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(((paging.page ?? 1) - 1) * limit);
  const count =
    rows[0]?.total ??
    rowsOf<{ total: number }>(await db.execute(sql`select (${matches}) as total`))[0]?.total ??
    0;
  return { products: rows.map(productCardOf), count };
}

function describeSelection(selection: Variants): string {
  return Object.entries(selection)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

/** JSONB keeps no key order; shoppers read a variant in the order the options are declared. */
function inOptionOrder(variants: Variants, options: ProductOption[]): Variants {
  const ordered: Variants = {};
  for (const option of options) {
    const value = variants[option.name];
    if (value !== undefined) ordered[option.name] = value;
  }
  return { ...ordered, ...variants };
}

/**
 * Maps the shopper's query (`?Color=Red`) onto the family's declared options, matching names
 * and values without regard to case so a hand-typed link still works.
 */
function resolveSelection(
  family: Pick<PageRow, 'options'>,
  query: Record<string, string>,
): Variants {
  const selection: Variants = {};
  for (const [rawName, rawValue] of Object.entries(query)) {
    const option = family.options.find(
      (candidate) => candidate.name.toLowerCase() === rawName.toLowerCase(),
    );
    if (!option) {
      const known = family.options.map((candidate) => candidate.name);
      throw new InvalidError(
        known.length === 0 ? 'errors.catalog.unknownOptionNone' : 'errors.catalog.unknownOption',
        { values: { name: rawName, options: known.join(', ') } },
      );
    }
    const value = option.values.find(
      (candidate) => candidate.toLowerCase() === rawValue.toLowerCase(),
    );
    selection[option.name] = value ?? rawValue;
  }
  return selection;
}

/**
 * The pictures of the chosen item: its own gallery; else, for an item with only its own hero
 * image (a colour, say), that image in place of the family's; else the family's gallery.
 */
function itemGallery(
  item: Pick<PageItem, 'heroImage' | 'gallery'>,
  family: Pick<PageRow, 'heroImage' | 'gallery'>,
): string[] {
  if (item.gallery.length > 0) return item.gallery;
  if (!item.heroImage || item.heroImage === family.heroImage) return family.gallery;
  return [item.heroImage, ...family.gallery.filter((image) => image !== family.heroImage)];
}

/** An item of a family as a product page reads it. */
interface PageItem {
  id: string;
  variants: Variants;
  heroImage: string | null;
  gallery: string[];
  priceOre: number;
  sellingPriceOre: number;
  discountPercent: number;
  stock: number;
  orderLimit: number;
}

/** A product page's family, with its items for sale, category and related cards. */
interface PageRow {
  id: string;
  name: string;
  nameEn: string | null;
  slug: string;
  heroImage: string;
  gallery: string[];
  imageAlts: Record<string, string>;
  options: ProductOption[];
  optionsEn: ProductOption[] | null;
  information: ProductInformation[];
  informationEn: ProductInformation[] | null;
  description: string;
  descriptionEn: string | null;
  categoryId: string | null;
  categoryName: string | null;
  categoryNameEn: string | null;
  categorySlug: string | null;
  /** For sale, the default first, then by position. */
  items: PageItem[];
  /** Card columns in ProductCardRow order, then the English name. */
  related: [string, string, string, string, number, number, number, number, string | null][];
}

const relatedFamily = alias(products, 'related_family');
const relatedItem = alias(productItems, 'related_item');

/**
 * Everything a product page shows, in one statement: the family, its items for sale, its
 * category and its related cards. One round trip instead of four (family, then item, then
 * category and related) is most of what a page costs the server; the item for the chosen
 * options is picked from the family's few items in productPageOf. `which` finds the family.
 */
const productPageSql = (which: SQL) => sql`
    select ${products.id} as "id", ${products.name} as "name", ${products.nameEn} as "nameEn",
      ${products.slug} as "slug",
      ${products.heroImage} as "heroImage", ${products.gallery} as "gallery",
      ${products.imageAlts} as "imageAlts", ${products.options} as "options",
      ${products.optionsEn} as "optionsEn", ${products.information} as "information",
      ${products.informationEn} as "informationEn", ${products.description} as "description",
      ${products.descriptionEn} as "descriptionEn",
      ${categories.id} as "categoryId", ${categories.name} as "categoryName",
      ${categories.nameEn} as "categoryNameEn", ${categories.slug} as "categorySlug",
      (select coalesce(json_agg(json_build_object(
          'id', ${productItems.id}, 'variants', ${productItems.variants},
          'heroImage', ${productItems.heroImage}, 'gallery', ${productItems.gallery},
          'priceOre', ${productItems.priceOre},
          'sellingPriceOre', coalesce(${productItems.sellingPriceOre}, ${productItems.priceOre}),
          'discountPercent', ${productItems.discountPercent}, 'stock', ${productItems.stock},
          'orderLimit', ${productItems.orderLimit})
          order by ${productItems.isDefault} desc, ${productItems.position}), '[]'::json)
        from ${productItems}
        where ${productItems.productId} = ${products.id} and ${itemForSale}) as "items",
      (select coalesce(json_agg(json_build_array(
          ${relatedItem.id}, ${relatedFamily.name}, ${relatedFamily.slug},
          coalesce(nullif(${relatedItem.heroImage}, ''), ${relatedFamily.heroImage}),
          ${relatedItem.priceOre}, ${relatedItem.sellingPriceOre},
          ${relatedItem.discountPercent}, ${relatedItem.stock}, ${relatedFamily.nameEn})
          order by ${productRelations.position}, ${relatedFamily.name}), '[]'::json)
        from ${productRelations}
        join ${products} ${relatedFamily} on ${relatedFamily.id} = ${productRelations.relatedId}
        join ${productItems} ${relatedItem} on ${relatedItem.productId} = ${relatedFamily.id}
          and ${relatedItem.isDefault}
        where ${productRelations.productId} = ${products.id}
          and ${productOnSaleOf(relatedFamily)}) as "related"
    from ${products}
    left join ${categories} on ${categories.id} = ${products.categoryId}
    where ${which}
    limit 1`;

const productPageStatement = statementBuiltOnce<PageRow, { slug: string }>(() =>
  productPageSql(sql`${products.slug} = ${sql.placeholder('slug')} and ${productOnSale}`),
);

/** A product page of any status, by id: what a preview link shows staff (issue 34.4). */
const productPreviewStatement = statementBuiltOnce<PageRow, { id: string }>(() =>
  productPageSql(sql`${products.id} = ${sql.placeholder('id')}`),
);

/** A product page as the service answers it: its prices and its related cards in øre. */
export type ProductDetailInOre = InOre<Omit<ProductDetail, 'related'>, 'price' | 'sellingPrice'> & {
  related: ProductCardInOre[];
};

/** Whether an item has every chosen option value: what `variants @> selection` says in SQL. */
function hasSelection(item: PageItem, selection: Variants): boolean {
  return Object.entries(selection).every(([name, value]) => item.variants[name] === value);
}

/**
 * A product page: the family found by slug, shown through the item that matches the chosen
 * option values (the default item when none are given). A partial choice matches the given
 * pairs and prefers the default item, then the first by position.
 */
export async function getProductBySlug(
  db: Database,
  slug: string,
  query: Record<string, string>,
  locale: Locale,
): Promise<ProductDetailInOre> {
  const [family] = await productPageStatement(db, { slug });
  if (!family) throw new NotFoundError('errors.catalog.productNotFound');
  return productPageOf(family, query, locale);
}

/**
 * A product's page whatever its status (draft, published, archived), as getProductBySlug
 * answers a product on sale: what a preview link shows (issue 34.4). Undefined for a product
 * that is not there (deleted).
 */
export async function getProductPreview(
  db: Database,
  productId: string,
  query: Record<string, string>,
  locale: Locale,
): Promise<ProductDetailInOre | undefined> {
  const [family] = await productPreviewStatement(db, { id: productId });
  return family && productPageOf(family, query, locale);
}

function productPageOf(
  family: PageRow,
  query: Record<string, string>,
  locale: Locale,
): ProductDetailInOre {
  const name = textIn(locale, family.name, family.nameEn);
  // The shopper chooses among the options as shown; the items name the bokmål ones.
  const options = optionsIn(locale, family.options, family.optionsEn);
  const shownSelection = resolveSelection({ options }, query);
  const selection = variantsIn(shownSelection, options, family.options);
  const item = family.items.find((candidate) => hasSelection(candidate, selection));
  if (!item) {
    throw new NotFoundError('errors.catalog.selectionUnavailable', {
      values: { product: name, selection: describeSelection(shownSelection) },
    });
  }
  if (family.categoryId === null) throw new NotFoundError('errors.catalog.categoryNotFound');

  const heroImage = item.heroImage || family.heroImage;
  const gallery = itemGallery(item, family);
  const shownAlts = Object.entries(family.imageAlts).filter(
    ([path, alt]) => alt !== '' && (path === heroImage || gallery.includes(path)),
  );
  return {
    ...productCardOf({
      itemId: item.id,
      name,
      slug: family.slug,
      heroImage,
      priceOre: item.priceOre,
      sellingPriceOre: item.sellingPriceOre,
      discountPercent: item.discountPercent,
      stock: item.stock,
    }),
    category: {
      _id: family.categoryId,
      name: textIn(locale, family.categoryName ?? '', family.categoryNameEn),
      slug: family.categorySlug ?? '',
    },
    orderLimit: item.orderLimit,
    gallery,
    options,
    variants: inOptionOrder(variantsIn(item.variants, family.options, options), options),
    information: informationIn(locale, family.information, family.informationEn),
    description: textIn(locale, family.description, family.descriptionEn),
    related: family.related.map(
      ([itemId, nb, slug, heroImage, priceOre, sellingPriceOre, discountPercent, stock, en]) =>
        productCardOf({
          itemId,
          name: textIn(locale, nb, en),
          slug,
          heroImage,
          priceOre,
          sellingPriceOre,
          discountPercent,
          stock,
        }),
    ),
    ...(shownAlts.length > 0 ? { imageAlts: Object.fromEntries(shownAlts) } : {}),
  };
}

/**
 * A category of any level that the storefront shows, with its parent and grandparent: one that
 * is hidden, or under a hidden one, is not there (its page and listing are not found).
 */
async function visibleCategory(db: Database, condition: SQL) {
  const parent = alias(categories, 'parent');
  const grandparent = alias(categories, 'grandparent');
  const [category] = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      parentId: categories.parentId,
      grandparentId: parent.parentId,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .leftJoin(grandparent, eq(grandparent.id, parent.parentId))
    .where(
      and(
        condition,
        eq(categories.hidden, false),
        sql`not coalesce(${parent.hidden}, false)`,
        sql`not coalesce(${grandparent.hidden}, false)`,
      ),
    )
    .limit(1);
  return category;
}

/** visibleCategory by id, its statement built once: every listing call asks it first. */
const visibleCategoryById = statementBuiltOnce<
  { id: string; parentId: string | null; grandparentId: string | null },
  { id: string }
>(() => {
  const parent = alias(categories, 'parent');
  const grandparent = alias(categories, 'grandparent');
  return sql`
    select ${categories.id} as "id", ${categories.parentId} as "parentId",
      ${parent.parentId} as "grandparentId"
    from ${categories}
    left join ${categories} ${parent} on ${parent.id} = ${categories.parentId}
    left join ${categories} ${grandparent} on ${grandparent.id} = ${parent.parentId}
    where ${categories.id} = ${sql.placeholder('id')} and not ${categories.hidden}
      and not coalesce(${parent.hidden}, false) and not coalesce(${grandparent.hidden}, false)
    limit 1`;
});

/** Whether a shown category of any level has this slug: the storefront's /category/{slug} page. */
export async function categorySlugExists(db: Database, slug: string): Promise<boolean> {
  return (await visibleCategory(db, eq(categories.slug, slug))) !== undefined;
}

/**
 * The current slug of the category or product that had `slug` before a rename, for the
 * storefront's 301; undefined when no record had it (or the category is not shown).
 */
export async function slugRedirect(
  db: Database,
  kind: 'category' | 'product',
  slug: string,
): Promise<string | undefined> {
  if (kind === 'category') {
    const renamed = db
      .select({ id: categorySlugRedirects.categoryId })
      .from(categorySlugRedirects)
      .where(eq(categorySlugRedirects.slug, slug));
    return (await visibleCategory(db, inArray(categories.id, renamed)))?.slug;
  }
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(eq(productSlugRedirects.slug, slug))
    .limit(1);
  return row?.slug;
}

/** Whether a product family has this slug: the storefront's /product/{slug} page. */
export async function productSlugExists(db: Database, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), productOnSale))
    .limit(1);
  return row !== undefined;
}
