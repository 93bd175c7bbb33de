import type { ProductInformation, ProductOption, Variants } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Env } from '../../config/env.js';
import {
  categories,
  productItems,
  productRelations,
  products,
} from '../../modules/catalog/catalog.tables.js';
import { variantsIn } from '../../modules/catalog/content-language.js';
import { sanitizeProductDescription } from '../../modules/catalog/index.js';
import {
  campaignProducts,
  campaigns,
  carouselSlides,
} from '../../modules/content/content.tables.js';
import { seedDemoPromotionsIfEmpty } from '../../modules/promotions/index.js';
import { createFileStorage } from '../../modules/uploads/index.js';
import type { Database } from '../client.js';
import {
  careHeadings,
  categoryNamesNb,
  type ProductTextsNb,
  productTextsNb,
} from './catalogue-data-nb.js';
import {
  type CategorySeed,
  categoryTree,
  type ProductSeed,
  productSeeds,
} from './catalogue-data.js';
import {
  type BannerSpec,
  campaignPicture,
  type DrawProgress,
  carouselPicture,
  categoryPicture,
  type ImageJob,
  productPictures,
  type RenderReport,
  renderImages,
} from './images.js';
import { required } from './required.js';

/** What a seed tells while it works (the first start prints it). */
export interface SeedProgress {
  onDrawn?: DrawProgress;
  /** The pictures are there; the rows are written next. */
  onInserting?: (counts: { categories: number; products: number }) => void;
}

export interface DemoSeedReport {
  categories: number;
  products: number;
  items: number;
  images: RenderReport;
}

export type ItemRow = Omit<typeof productItems.$inferInsert, 'productId'>;

/** A small fixed-seed generator (mulberry32): the same "random" spread on every seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function combinations(seed: ProductSeed): Variants[] {
  let result: Variants[] = [{}];
  for (const option of seed.options ?? []) {
    result = result.flatMap((partial) =>
      option.values.map((value) => ({ ...partial, [option.name]: value })),
    );
  }
  return result;
}

/** Grams of a weight option value such as '250 g' or '1 kg'. */
function gramsOf(value: string): number | undefined {
  const match = /^(\d+(?:[.,]\d+)?)\s*(g|kg)$/.exec(value);
  if (!match) return undefined;
  const amount = Number(required(match[1], 'a weight').replace(',', '.'));
  return Math.round(match[2] === 'kg' ? amount * 1000 : amount);
}

/**
 * The purchasable items of a product: one per option combination, with the price raised by the
 * `extra` of each chosen value and the per-combination overrides applied. The default item is
 * the first combination in stock, so a card shows IN STOCK whenever anything can be bought.
 * The seed's overrides and colour pictures are keyed by its English values, while an item's
 * variants are kept by the bokmål options, so each combination is translated last.
 */
export function expandItems(
  seed: ProductSeed,
  colourGalleries: Record<string, string[]> = {},
): ItemRow[] {
  const rows = combinations(seed).map((variants, position): ItemRow => {
    const values = Object.values(variants);
    const override = seed.items?.[values.join(' / ')] ?? {};
    const extra = values.reduce((sum, value) => sum + (seed.extra?.[value] ?? 0), 0);
    const weightValue = variants.Weight;
    const colourGallery = (variants.Colour && colourGalleries[variants.Colour]) || [];
    return {
      variants,
      isDefault: false,
      priceOre: Math.round((override.price ?? seed.price + extra) * 100),
      discountPercent: override.discount ?? seed.discount ?? 0,
      stock: override.stock ?? seed.stock,
      orderLimit: override.orderLimit ?? seed.orderLimit ?? 10,
      weightGrams: (weightValue ? gramsOf(weightValue) : undefined) ?? seed.weightGrams,
      heroImage: colourGallery[0] ?? null,
      gallery: colourGallery,
      position,
    };
  });
  const shown = required(
    rows.find((row) => (row.stock ?? 0) > 0) ?? rows[0],
    `items of ${seed.slug}`,
  );
  shown.isDefault = true;
  const english = seed.options ?? [];
  const bokmal = bokmalOptions(seed);
  return rows.map((row) => ({ ...row, variants: variantsIn(row.variants ?? {}, english, bokmal) }));
}

/** A seed's bokmål texts, which the catalogue's own columns hold. */
export function bokmalOf(seed: ProductSeed): ProductTextsNb {
  return required(productTextsNb[seed.slug], `the bokmål texts of ${seed.slug}`);
}

function bokmalOptions(seed: ProductSeed): ProductOption[] {
  return bokmalOf(seed).options ?? [];
}

type DescribedTexts = Pick<ProductTextsNb, 'intro' | 'points' | 'care'>;

function describe(texts: DescribedTexts, careHeading: string): string {
  const points = texts.points.map((point) => `<li>${point}</li>`).join('');
  const care = texts.care ? `<h4>${careHeading}</h4><p>${texts.care}</p>` : '';
  return sanitizeProductDescription(`<p>${texts.intro}</p><ul>${points}</ul>${care}`);
}

const informationFrom = (info: [string, string][]): ProductInformation[] =>
  info.map(([informationKey, informationValue]) => ({ informationKey, informationValue }));

/**
 * A product row's texts in both languages: bokmål in the columns, the seed's English in the
 * `…_en` twins, whose options translate the bokmål ones by position.
 */
export function productTextsOf(seed: ProductSeed) {
  const bokmal = bokmalOf(seed);
  return {
    name: bokmal.name,
    nameEn: seed.name,
    options: bokmal.options ?? [],
    optionsEn: seed.options ?? [],
    information: informationFrom(bokmal.info),
    informationEn: informationFrom(seed.info),
    description: describe(bokmal, careHeadings.nb),
    descriptionEn: describe(seed, careHeadings.en),
  };
}

/** A category's name in both languages: bokmål in the column, the seed's English in its twin. */
export function categoryNamesOf(seed: CategorySeed): { name: string; nameEn: string } {
  return {
    name: required(categoryNamesNb[seed.slug], `the bokmål name of ${seed.slug}`),
    nameEn: seed.name,
  };
}

interface FlatCategory {
  seed: CategorySeed;
  parent?: string;
  position: number;
}

function flattenCategories(tree: CategorySeed[], parent?: string): FlatCategory[] {
  return tree.flatMap((seed, position) => [
    { seed, parent, position },
    ...flattenCategories(seed.children ?? [], seed.slug),
  ]);
}

/** A banner's words in English beside the bokmål drawn on its picture. */
interface EnglishWords {
  titleEn: string;
  subtitleEn: string;
}

// The pictures carry their words in bokmål, the shop's first language; English pages name them
// in English through the alt text and the campaign's title.
const carouselSpecs: (BannerSpec & EnglishWords & { link: string })[] = [
  {
    slug: 'raw-honey',
    title: 'Rå norsk honning',
    subtitle: 'Villblomst- og lynghonning fra fjordene',
    titleEn: 'Raw Norwegian Honey',
    subtitleEn: 'Wildflower and heather honey from the fjords',
    icons: ['honey-pot', 'honeybee'],
    hue: 42,
    link: '/category/honey',
  },
  {
    slug: 'fresh-roast-coffee',
    title: 'Nybrent kaffe',
    subtitle: 'Hele bønner brent i Oslo hver uke',
    titleEn: 'Freshly Roasted Coffee',
    subtitleEn: 'Whole beans roasted in Oslo every week',
    icons: ['hot-beverage', 'beans'],
    hue: 25,
    link: '/category/coffee-tea',
  },
  {
    slug: 'ethnic-wear',
    title: 'Håndvevde etniske klær',
    subtitle: 'Kurtaer, sarier og pashminasjal',
    titleEn: 'Handloom Ethnic Wear',
    subtitleEn: 'Kurtas, sarees and pashmina shawls',
    icons: ['kimono', 'scarf'],
    hue: 330,
    link: '/category/ethnic-garments',
  },
  {
    slug: 'handicrafts',
    title: 'Laget for hånd',
    subtitle: 'Keramikk, treskjæring og vevde tekstiler',
    titleEn: 'Made by Hand',
    subtitleEn: 'Pottery, woodwork and woven textiles',
    icons: ['amphora', 'diya-lamp'],
    hue: 30,
    link: '/category/handicrafts',
  },
  {
    slug: 'hemp-backpack',
    title: 'Ryggsekken i hamp',
    subtitle: 'Sterk, lett og dyrket med lite vann',
    titleEn: 'The Hemp Backpack',
    subtitleEn: 'Strong, light and grown with little water',
    icons: ['backpack', 'seedling'],
    hue: 90,
    link: '/product/hemp-canvas-backpack',
  },
];

const campaignSpecs: (BannerSpec & EnglishWords & { link: string; products: string[] })[] = [
  {
    slug: 'winter-warmers',
    title: 'Varmt til vinteren',
    subtitle: 'Ull, pashmina og varm drikke til mørke kvelder',
    titleEn: 'Winter Warmers',
    subtitleEn: 'Wool, pashmina and hot drinks for dark evenings',
    icons: ['scarf', 'teapot'],
    hue: 220,
    link: '/category/ethnic-garments',
    products: [
      'pashmina-wool-shawl',
      'wool-mittens',
      'masala-chai-tea',
      'quilted-winter-jacket',
      'merino-long-sleeve-t-shirt',
    ],
  },
  {
    slug: 'breakfast-table',
    title: 'Frokostbordet',
    subtitle: 'Honning, kaffe og te med opptil 25 % rabatt',
    titleEn: 'The Breakfast Table',
    subtitleEn: 'Honey, coffee and tea at up to 25 % off',
    icons: ['honey-pot', 'hot-beverage'],
    hue: 45,
    link: '/category/honey',
    products: [
      'raw-wildflower-honey',
      'ethiopian-yirgacheffe-coffee-beans',
      'cinnamon-creamed-honey',
      'jasmine-pearl-green-tea',
      'ceramic-honey-jar',
    ],
  },
  {
    slug: 'natural-care',
    title: 'Naturlig pleie',
    subtitle: 'Såper, oljer og kremer fra planter',
    titleEn: 'Natural Care',
    subtitleEn: 'Soaps, oils and creams from plants',
    icons: ['soap', 'herb'],
    hue: 150,
    link: '/category/health-beauty',
    products: ['sandalwood-soap', 'shea-body-butter', 'amla-hair-oil', 'hemp-hand-cream'],
  },
];

/** Up to four related products: the named ones first, then the nearest shelf-mates. */
function relatedSlugs(seed: ProductSeed): string[] {
  const related = [...(seed.related ?? [])];
  for (
    let depth = seed.category.filter(Boolean).length;
    depth > 0 && related.length < 4;
    depth -= 1
  ) {
    for (const other of productSeeds) {
      if (related.length >= 4) break;
      if (other.slug === seed.slug || related.includes(other.slug)) continue;
      if (other.category.slice(0, depth).join('/') === seed.category.slice(0, depth).join('/')) {
        related.push(other.slug);
      }
    }
  }
  return related;
}

/** Deletes the catalogue and the home-page content, children before parents. */
async function deleteCatalogue(db: Database): Promise<void> {
  await db.delete(campaignProducts);
  await db.delete(campaigns);
  await db.delete(carouselSlides);
  await db.delete(productRelations);
  await db.delete(productItems);
  await db.delete(products);
  await db.delete(categories);
}

/**
 * Inserts the demo catalogue (categories, products with their items and related products, the
 * carousel and campaigns) in one transaction, after drawing any missing pictures. With `reset`
 * the existing catalogue and content are deleted first; without it the slugs must be free.
 */
export async function seedDemoCatalogue(
  db: Database,
  env: Env,
  options: { reset?: boolean } & SeedProgress = {},
): Promise<DemoSeedReport> {
  const flat = flattenCategories(categoryTree);
  const pictures = new Map(
    productSeeds.map((seed) => [
      seed.slug,
      productPictures(
        seed.slug,
        seed.icon,
        seed.hue,
        seed.pictures,
        seed.options?.find((option) => option.name === 'Colour')?.values,
      ),
    ]),
  );
  const jobs: ImageJob[] = [
    ...flat.map(({ seed }) => categoryPicture(seed.slug, seed.icon, seed.hue)),
    ...[...pictures.values()].flatMap((picture) => picture.jobs),
    ...carouselSpecs.map(carouselPicture),
    ...campaignSpecs.map(campaignPicture),
  ];
  // Into the uploads store of the configuration: the bucket when S3_BUCKET is set.
  const images = await renderImages(await createFileStorage(env), jobs, options.onDrawn);
  options.onInserting?.({ categories: flat.length, products: productSeeds.length });

  const random = seededRandom(20240611);
  const now = Date.now();
  let itemCount = 0;

  await db.transaction(async (tx) => {
    if (options.reset) await deleteCatalogue(tx as unknown as Database);

    const categoryIds = new Map<string, string>();
    const categoryNames = new Map(flat.map(({ seed }) => [seed.slug, categoryNamesOf(seed)]));
    // Parents come before their children in the flattened list, one level per insert.
    for (let level = 0; level < 3; level += 1) {
      const rows = flat
        .filter(({ parent }) => depthOf(flat, parent) === level)
        .map(({ seed, parent, position }) => ({
          ...categoryNamesOf(seed),
          slug: seed.slug,
          image: categoryPicture(seed.slug, seed.icon, seed.hue).path,
          position,
          parentId: parent ? required(categoryIds.get(parent), parent) : null,
        }));
      if (rows.length === 0) continue;
      const inserted = await tx
        .insert(categories)
        .values(rows)
        .returning({ id: categories.id, slug: categories.slug });
      for (const row of inserted) categoryIds.set(row.slug, row.id);
    }

    const productRows = productSeeds.map((seed, index) => {
      const picture = required(pictures.get(seed.slug), seed.slug);
      const [top, sub, sub2] = seed.category;
      // Spread over the last 120 days; the catalogue order keeps a little of its shape so the
      // "Latest Products" mix categories rather than listing one shelf.
      const ageDays = ((index * 37) % 120) + random();
      return {
        slug: seed.slug,
        ...productTextsOf(seed),
        categoryId: required(categoryIds.get(top), top),
        subCategoryId: sub ? required(categoryIds.get(sub), sub) : null,
        subCategory2Id: sub2 ? required(categoryIds.get(sub2), sub2) : null,
        heroImage: picture.heroImage,
        gallery: picture.gallery,
        vatPercent: seed.vat ?? 25,
        keywords: keywordsOf(seed, categoryNames),
        soldCount: Math.round(random() ** 2 * 400) + (seed.discount ? 20 : 0),
        createdAt: new Date(now - ageDays * 86_400_000),
      };
    });
    const inserted = await tx
      .insert(products)
      .values(productRows)
      .returning({ id: products.id, slug: products.slug });
    const productIds = new Map(inserted.map((row) => [row.slug, row.id]));

    const itemRows = productSeeds.flatMap((seed) =>
      expandItems(seed, required(pictures.get(seed.slug), seed.slug).colourGalleries).map(
        (item) => ({
          ...item,
          productId: required(productIds.get(seed.slug), seed.slug),
        }),
      ),
    );
    itemCount = itemRows.length;
    await tx.insert(productItems).values(itemRows);

    await tx.insert(productRelations).values(
      productSeeds.flatMap((seed) =>
        relatedSlugs(seed).map((slug, position) => ({
          productId: required(productIds.get(seed.slug), seed.slug),
          relatedId: required(productIds.get(slug), slug),
          position,
        })),
      ),
    );

    await tx.insert(carouselSlides).values(
      carouselSpecs.map((spec, position) => ({
        image: carouselPicture(spec).path,
        alt: `${spec.title}: ${spec.subtitle}`,
        altEn: `${spec.titleEn}: ${spec.subtitleEn}`,
        link: spec.link,
        position,
      })),
    );
    for (const [position, spec] of campaignSpecs.entries()) {
      const [campaign] = await tx
        .insert(campaigns)
        .values({
          title: spec.title,
          titleEn: spec.titleEn,
          image: campaignPicture(spec).path,
          link: spec.link,
          position,
        })
        .returning({ id: campaigns.id });
      await tx.insert(campaignProducts).values(
        spec.products.map((slug, productPosition) => ({
          campaignId: required(campaign, spec.title).id,
          productId: required(productIds.get(slug), slug),
          position: productPosition,
        })),
      );
    }
  });

  return { categories: flat.length, products: productSeeds.length, items: itemCount, images };
}

/**
 * A product's search keywords: the names of its category levels in both languages, as a product
 * save in the back office writes them, so "honning" and "honey" both find the honey shelf.
 */
export function keywordsOf(
  seed: ProductSeed,
  categoryNames: Map<string, { name: string; nameEn: string }>,
): string {
  return seed.category
    .filter((slug): slug is string => Boolean(slug))
    .map((slug) => required(categoryNames.get(slug), slug))
    .map(({ name, nameEn }) => (name === nameEn ? name : `${name} ${nameEn}`))
    .join(' ');
}

function depthOf(flat: FlatCategory[], parent: string | undefined): number {
  let depth = 0;
  let current = parent;
  while (current) {
    depth += 1;
    current = flat.find(({ seed }) => seed.slug === current)?.parent;
  }
  return depth;
}

/** Seeds the demo catalogue on a first start, when there is not a single category yet. */
export async function seedDemoCatalogueIfEmpty(
  db: Database,
  env: Env,
  progress: SeedProgress = {},
): Promise<DemoSeedReport | undefined> {
  // Independent of the catalogue, so an install seeded before coupons existed gets the demo code.
  await seedDemoPromotionsIfEmpty(db);
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(categories);
  if ((row?.count ?? 0) > 0) return undefined;
  const report = await seedDemoCatalogue(db, env, progress);
  await db.execute(sql`analyze`);
  return report;
}
