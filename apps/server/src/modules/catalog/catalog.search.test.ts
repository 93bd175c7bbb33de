import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListResponseSchema, type ProductCard } from '@shop/shared';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { patiently } from '../../test/wait-for.js';
import { keywordWords } from './catalog.search.js';
import { productItems, products, searchTerms } from './catalog.tables.js';

let ctx: TestContext;
let fixture: CatalogFixture;

// A database of its own: these tests add and rename products.
beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await insertCatalogFixture(ctx.db);
});
afterAll(async () => ctx?.close());

async function search(keyword: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/products/website?keyword=${encodeURIComponent(keyword)}`,
  });
  expect(response.statusCode).toBe(200);
  // Written without the schema serialiser: the same bytes as it would write.
  expect(response.payload).toBe(JSON.stringify(productListResponseSchema.encode(response.json())));
  return (response.json() as { products: ProductCard[] }).products.map((card) => card.slug);
}

/**
 * Each server process's search index reads a change when the database tells it of the commit
 * (search-index.ts): at once on PGlite, within milliseconds on PostgreSQL, where the telling
 * comes on another connection than the write's; a busy machine may take far longer.
 */

async function dictionaryHas(term: string) {
  const rows = await ctx.db
    .select({ term: searchTerms.term })
    .from(searchTerms)
    .where(eq(searchTerms.term, term));
  return rows.length === 1;
}

describe('search dictionary (search_terms)', () => {
  it('SEARCH-03 holds the words of names and keywords, without bare numbers', async () => {
    expect(await dictionaryHas('honey')).toBe(true);
    expect(await dictionaryHas('ethiopian')).toBe(true);
    expect(await dictionaryHas('drink')).toBe(true);
    expect(await dictionaryHas('500')).toBe(false);
  });

  it('SEARCH-03 API-07 a new product is found by a typo of its name within a second', async () => {
    const [row] = await ctx.db
      .insert(products)
      .values({
        slug: 'lavender-soap',
        name: 'Lavender Soap',
        categoryId: required(fixture.categories.cleaning, 'cleaning'),
        keywords: 'cleaning',
      })
      .returning({ id: products.id });
    await ctx.db
      .insert(productItems)
      .values({ productId: required(row, 'lavender-soap').id, isDefault: true, priceOre: 5_900 });

    expect(await dictionaryHas('lavender')).toBe(true);
    await expect.poll(() => search('lavnder'), patiently).toEqual(['lavender-soap']);
  });

  it('SEARCH-03 API-07 a renamed product is found by its new name, with a typo', async () => {
    await ctx.db
      .update(products)
      .set({ name: 'Merino Socks' })
      .where(eq(products.slug, 'wool-socks'));

    expect(await dictionaryHas('merino')).toBe(true);
    await expect.poll(() => search('merno'), patiently).toEqual(['wool-socks']);
    expect(await search('merino socks')).toEqual(['wool-socks']);
  });

  it('SEARCH-03 API-07 changed keywords are found with a typo', async () => {
    await ctx.db
      .update(products)
      .set({ keywords: sql`${products.keywords} || ' breakfast'` })
      .where(eq(products.slug, 'acacia-honey'));

    await expect.poll(() => search('brekfast'), patiently).toEqual(['acacia-honey']);
  });
});

describe('search matching', () => {
  it('SEARCH-03 the start of a word finds it: "hon" finds the honey products first', async () => {
    expect((await search('hon')).slice(0, 3).sort()).toEqual([
      'acacia-honey',
      'creamed-clover-honey',
      'raw-forest-honey',
    ]);
  });

  it('API-07 a product matching more of the typed words ranks above ones matching fewer', async () => {
    const found = await search('cofee bens drink');
    expect(found[0]).toBe('ethiopian-coffee-beans');
    expect(found).toContain('green-tea');
  });

  it('SEARCH-03 a word close to no dictionary term adds nothing: "honey zzqxw" still finds honey', async () => {
    expect((await search('honey zzqxw')).slice(0, 3).sort()).toEqual([
      'acacia-honey',
      'creamed-clover-honey',
      'raw-forest-honey',
    ]);
  });

  it('API-07 a keyword of only stop words or punctuation answers an empty list', async () => {
    expect(await search('the')).toEqual([]);
    expect(await search(`&|!():*'`)).toEqual([]);
  });
});

describe('search in bokmål', () => {
  // Bokmål names with their English twins, as the back office and the demo catalogue write them.
  const norwegian = [
    {
      slug: 'villblomsthonning',
      name: 'Villblomsthonning fra Hardanger',
      nameEn: 'Wildflower Honey',
    },
    {
      slug: 'okologisk-kaffe',
      name: 'Økologisk kaffe, hele bønner',
      nameEn: 'Organic Coffee Beans',
    },
    { slug: 'ullgenser', name: 'Strikket genser av ull', nameEn: null },
    { slug: 'blabaersyltetoy', name: 'Blåbærsyltetøy', nameEn: 'Blueberry Jam' },
  ];

  beforeAll(async () => {
    for (const product of norwegian) {
      const [row] = await ctx.db
        .insert(products)
        .values({ ...product, categoryId: required(fixture.categories.food, 'food') })
        .returning({ id: products.id });
      await ctx.db
        .insert(productItems)
        .values({ productId: required(row, product.slug).id, isDefault: true, priceOre: 9_900 });
    }
  });

  it('SEARCH-03 finds bokmål words by their stems: honning, kaffe, genser, bønner', async () => {
    await expect.poll(() => search('honning'), patiently).toEqual(['villblomsthonning']);
    expect(await search('kaffen')).toEqual(['okologisk-kaffe']);
    expect(await search('gensere')).toEqual(['ullgenser']);
    expect(await search('bønne')).toEqual(['okologisk-kaffe']);
  });

  it('SEARCH-03 forgives typos in bokmål words: honing, kafe, gensr', async () => {
    await expect.poll(() => search('honing'), patiently).toContain('villblomsthonning');
    expect(await search('kafe')).toContain('okologisk-kaffe');
    expect(await search('gensr')).toContain('ullgenser');
  });

  it('SEARCH-03 finds ø, æ and å typed as o, ae and a or as oe and aa', async () => {
    await expect.poll(() => search('okologisk'), patiently).toEqual(['okologisk-kaffe']);
    expect(await search('oekologisk')).toEqual(['okologisk-kaffe']);
    expect(await search('blabaersyltetoy')).toEqual(['blabaersyltetoy']);
    expect(await search('blaabaersyltetoey')).toEqual(['blabaersyltetoy']);
    expect(await search('Blåbærsyltetøy')).toEqual(['blabaersyltetoy']);
  });

  it('SEARCH-03 finds the same products by their English names', async () => {
    await expect.poll(() => search('wildflower'), patiently).toEqual(['villblomsthonning']);
    expect(await search('blueberry jam')).toEqual(['blabaersyltetoy']);
    expect(await search('organic')).toEqual(['okologisk-kaffe']);
  });
});

describe('keywordWords', () => {
  it('API-05 splits on spaces, punctuation and query syntax, lower-cased and once each', () => {
    expect(keywordWords('Raw  Honey & raw!')).toEqual(['raw', 'honey']);
    expect(keywordWords('t-shrt')).toEqual(['t', 'shrt']);
    expect(keywordWords('Blåbær-syltetøy 500g')).toEqual(['blåbær', 'syltetøy', '500g']);
    expect(keywordWords(`&|!():*'`)).toEqual([]);
  });
});
