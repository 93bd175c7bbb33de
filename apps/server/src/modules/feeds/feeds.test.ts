import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminProductMessages,
  adminProductSchema,
  hasGtinCheckDigit,
  shopSettingDefaults,
  type AdminProduct,
} from '@shop/shared';
import { bearer } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  productSaveRequestOf,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { patiently } from '../../test/wait-for.js';
import { categories, productItems, products } from '../catalog/catalog.tables.js';
import { setSetting } from '../settings/settings.service.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { quoteShipping } from '../shipping/shipping.service.js';
import { nokAmount, plainTextOf } from './feeds.service.js';

// The product feeds (issue 34.6): Google Merchant Center's and Prisjakt's, read here as the sites
// read them and checked field by field against each format's rules, on each database.

const PUBLIC_URL = 'https://shop.example/';
const BASE = 'https://shop.example';
const GOOGLE = '/feeds/google-merchant.xml';
const PRISJAKT = '/feeds/prisjakt.xml';
const SHOP_NAME = 'Fjord & <Handel>';

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let tea: { productId: string; small: string; large: string };

const product = (slug: string) => required(catalog.products[slug], slug);

/**
 * The fixture catalogue (with Norway's shipping rates) made to show each rule: a brand and a
 * GTIN, a product without a picture, a heavy and an expensive item, a product whose name needs
 * escaping with a bokmål size option, a disabled item, a draft, an archived product and one in a
 * hidden category.
 */
async function prepareCatalogue(): Promise<void> {
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  await setSetting(ctx.db, 'shopDetails', { ...shopSettingDefaults.shopDetails, name: SHOP_NAME });
  const update = (slug: string, values: Partial<typeof products.$inferInsert>) =>
    ctx.db
      .update(products)
      .set(values)
      .where(eq(products.id, product(slug).id));
  const updateItem = (itemId: string, values: Partial<typeof productItems.$inferInsert>) =>
    ctx.db.update(productItems).set(values).where(eq(productItems.id, itemId));

  await update('acacia-honey', {
    brand: 'Bie & Co',
    gtin: '4006381333931',
    description:
      '<p>Light &amp; mild <strong>acacia</strong> honey.</p><ul><li>500 g</li><li>Norway</li></ul>',
  });
  await update('raw-forest-honey', { heroImage: '' });
  await updateItem(product('raw-forest-honey').defaultItemId, { weightGrams: 2000 });
  await updateItem(product('ethiopian-coffee-beans').defaultItemId, {
    priceOre: 120_000,
    stock: 0,
  });
  // A product with options: a product-wide GTIN is not any one item's.
  await update('hemp-t-shirt', { gtin: '7038010069307' });
  await updateItem(required(product('hemp-t-shirt').itemIds['Color=Red,Size=XL'], 'Red XL'), {
    disabled: true,
  });
  await update('green-tea', { status: 'draft' });
  await update('wool-socks', { status: 'archived' });
  await ctx.db.update(categories).set({ hidden: true }).where(eq(categories.slug, 'creamed-honey'));

  const [teaRow] = await ctx.db
    .insert(products)
    .values({
      slug: 'te-og-kake',
      name: 'Te & <Kake>',
      categoryId: required(catalog.categories.food, 'food'),
      subCategoryId: required(catalog.categories['coffee-and-tea'], 'coffee and tea'),
      heroImage: '/products/te_1200w.webp',
      // A control character XML forbids, as an old import might have stored it.
      description: '<h3>Te</h3><p>Til\u0007 kaken</p>',
      options: [{ name: 'Størrelse', values: ['Liten', 'Stor'] }],
      weightGrams: 40_000,
    })
    .returning({ id: products.id });
  const productId = required(teaRow, 'tea').id;
  const items = await ctx.db
    .insert(productItems)
    .values([
      {
        productId,
        variants: { Størrelse: 'Liten' },
        isDefault: true,
        priceOre: 9_900,
        stock: 5,
        weightGrams: 300,
        position: 0,
      },
      {
        productId,
        variants: { Størrelse: 'Stor' },
        priceOre: 14_900,
        stock: 0,
        weightGrams: 40_000,
        position: 1,
      },
    ])
    .returning({ id: productItems.id });
  tea = {
    productId,
    small: required(items[0], 'small').id,
    large: required(items[1], 'large').id,
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL, RESPONSE_CACHE_SECONDS: '600' });
  owner = await createStaffMember(ctx.app, ctx.db);
  await prepareCatalogue();
});
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

const adminCall = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(owner.session),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function publish(productFeeds: { googleMerchant: boolean; prisjakt: boolean }) {
  const response = await adminCall('PUT', '/api/admin/settings/feeds', { productFeeds });
  expect(response.statusCode).toBe(200);
}

// A strict reader of XML (no XML parser is a dependency): a document is the declaration and one
// element; an element has attributes in double quotes and holds elements or text; text has no
// bare & or <; every element closes in order. What it cannot read fails the test.

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ESCAPED_TEXT = /^(?:[^&<]|&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)*$/i;

function xmlText(raw: string): string {
  expect(raw, 'text escaped for XML').toMatch(ESCAPED_TEXT);
  return raw.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_entity, name: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (!name.startsWith('#')) return named[name] ?? '';
    return String.fromCodePoint(
      name[1] === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
    );
  });
}

function readXml(xml: string): XmlElement {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
  expect(xml.startsWith(declaration), xml.slice(0, 60)).toBe(true);
  const token = /<\/([\w:.-]+)>|<([\w:.-]+)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const document: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open = [document];
  token.lastIndex = declaration.length;
  while (token.lastIndex < xml.length) {
    const at = token.lastIndex;
    const match = token.exec(xml);
    if (!match) throw new Error(`not well-formed XML at ${at}: ${xml.slice(at, at + 60)}`);
    const [, closing, opening, attributes = '', selfClosing, text] = match;
    const current = required(open.at(-1), 'open element');
    if (closing !== undefined) {
      expect(closing, `</${closing}> closes <${current.name}>`).toBe(current.name);
      open.pop();
    } else if (opening !== undefined) {
      const element: XmlElement = {
        name: opening,
        attributes: Object.fromEntries(
          [...attributes.matchAll(/([\w:.-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [
            name,
            xmlText(value),
          ]),
        ),
        children: [],
        text: '',
      };
      current.children.push(element);
      if (!selfClosing) open.push(element);
    } else if (text !== undefined) {
      if (current === document) expect(text.trim(), 'text outside the root').toBe('');
      else current.text += xmlText(text);
    }
  }
  expect(open, 'every element closed').toHaveLength(1);
  expect(document.children).toHaveLength(1);
  return required(document.children[0], 'root element');
}

type Fields = Record<string, string | Record<string, string>>;

/** The channel's items, each a map of its fields; a nested field (g:shipping) a map of its own. */
function feedItems(xml: string): { channel: Record<string, string>; items: Fields[] } {
  const rss = readXml(xml);
  expect(rss.name).toBe('rss');
  expect(rss.attributes).toEqual({ version: '2.0', 'xmlns:g': 'http://base.google.com/ns/1.0' });
  expect(rss.children.map((child) => child.name)).toEqual(['channel']);
  const channel = required(rss.children[0], 'channel');
  const header = channel.children.filter((child) => child.name !== 'item');
  expect(header.map((child) => child.name)).toEqual(['title', 'link', 'description']);
  const fieldsOf = (element: XmlElement): Fields => {
    const names = element.children.map((child) => child.name);
    expect(new Set(names).size, `each field once: ${names.join(', ')}`).toBe(names.length);
    return Object.fromEntries(
      element.children.map((child) => {
        // Every field of an item is Google's, in its namespace.
        expect(child.name).toMatch(/^g:[a-z_]+$/);
        return [
          child.name,
          child.children.length > 0
            ? (Object.fromEntries(
                Object.entries(fieldsOf(child)).map(([name, value]) => [name, String(value)]),
              ) as Record<string, string>)
            : child.text,
        ];
      }),
    );
  };
  return {
    channel: Object.fromEntries(header.map((child) => [child.name, child.text])),
    items: channel.children.filter((child) => child.name === 'item').map(fieldsOf),
  };
}

const PRICE = /^\d+\.\d\d NOK$/;
const ore = (amount: string) => Math.round(Number(amount.replace(' NOK', '')) * 100);

/** An absolute address on the shop's own origin, over https. */
function expectShopAddress(address: unknown) {
  expect(typeof address).toBe('string');
  const url = new URL(String(address));
  expect(url.origin).toBe(BASE);
}

/**
 * Google Merchant Center's product data rules for what the shop sends: the required fields of
 * every item, the lengths Google takes, an amount as `249.00 NOK`, an availability of its words,
 * a GTIN with its check digit or `identifier_exists` no, a sale price below the price.
 */
function expectGoogleItem(item: Fields) {
  for (const field of [
    'g:id',
    'g:title',
    'g:description',
    'g:link',
    'g:image_link',
    'g:availability',
    'g:price',
    'g:brand',
    'g:condition',
  ])
    expect(item[field], `${field} of ${JSON.stringify(item)}`).toEqual(expect.any(String));
  const text = (field: string) => String(item[field] ?? '');
  expect(text('g:id').length).toBeLessThanOrEqual(50);
  expect(text('g:title').length).toBeGreaterThan(0);
  expect([...text('g:title')].length).toBeLessThanOrEqual(150);
  expect(text('g:description').length).toBeGreaterThan(0);
  expect([...text('g:description')].length).toBeLessThanOrEqual(5000);
  expect(text('g:brand').length).toBeLessThanOrEqual(70);
  expectShopAddress(item['g:link']);
  expectShopAddress(item['g:image_link']);
  expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
  expect(item['g:condition']).toBe('new');
  expect(item['g:price']).toMatch(PRICE);
  if (item['g:sale_price'] !== undefined) {
    expect(item['g:sale_price']).toMatch(PRICE);
    expect(ore(text('g:sale_price'))).toBeLessThan(ore(text('g:price')));
  }
  if (item['g:gtin'] !== undefined) {
    expect(hasGtinCheckDigit(text('g:gtin')), text('g:gtin')).toBe(true);
    expect(item['g:identifier_exists']).toBeUndefined();
  } else expect(item['g:identifier_exists']).toBe('no');
  if (item['g:shipping_weight'] !== undefined) expect(item['g:shipping_weight']).toMatch(/^\d+ g$/);
  if (item['g:item_group_id'] !== undefined)
    expect(text('g:item_group_id').length).toBeLessThanOrEqual(50);
}

/**
 * Prisjakt's rules (schema.prisjakt.nu): id, title, price, link, availability and condition on
 * every item; an id of 1 to 36 ASCII characters without ! + @ # $ % ^ & * < > ; :; a shipping
 * cost as a nested g:shipping with its country and an amount.
 */
function expectPrisjaktItem(item: Fields) {
  for (const field of ['g:id', 'g:title', 'g:price', 'g:link', 'g:availability', 'g:condition'])
    expect(item[field], `${field} of ${JSON.stringify(item)}`).toEqual(expect.any(String));
  expect(item['g:id']).toMatch(/^[\x21-\x7e]{1,36}$/);
  expect(item['g:id']).not.toMatch(/[!+@#$%^&*<>;:]/);
  expect(item['g:price']).toMatch(PRICE);
  expectShopAddress(item['g:link']);
  if (item['g:image_link'] !== undefined) expectShopAddress(item['g:image_link']);
  expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
  const shipping = item['g:shipping'];
  if (shipping !== undefined) {
    expect(shipping).toEqual({
      'g:country': 'NO',
      'g:service': 'Hjemlevering',
      'g:price': expect.stringMatching(PRICE),
      'g:delivery_type': 'home',
    });
  }
}

const byId = (items: Fields[]) => new Map(items.map((item) => [String(item['g:id']), item]));

async function googleFeed() {
  const response = await get(GOOGLE);
  expect(response.statusCode, response.body).toBe(200);
  const feed = feedItems(response.body);
  feed.items.forEach(expectGoogleItem);
  return feed;
}

async function prisjaktFeed() {
  const response = await get(PRISJAKT);
  expect(response.statusCode, response.body).toBe(200);
  const feed = feedItems(response.body);
  feed.items.forEach(expectPrisjaktItem);
  return feed;
}

describe('the product feeds while off (issue 34.6)', () => {
  it('issue 34.6: answers 404 for each feed until the owner publishes it, and only that one', async () => {
    for (const url of [GOOGLE, PRISJAKT]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'This product feed is not published' });
    }
    await publish({ googleMerchant: true, prisjakt: false });
    expect((await get(GOOGLE)).statusCode).toBe(200);
    expect((await get(PRISJAKT)).statusCode).toBe(404);
    await publish({ googleMerchant: false, prisjakt: true });
    expect((await get(GOOGLE)).statusCode).toBe(404);
    expect((await get(PRISJAKT)).statusCode).toBe(200);
    await publish({ googleMerchant: true, prisjakt: true });
  });
});

describe('the Google Merchant Center feed (issue 34.6)', () => {
  it('issue 34.6: is RSS 2.0 in Google’s namespace, named for the shop, with its type and caching', async () => {
    const response = await get(GOOGLE);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    const { channel } = feedItems(response.body);
    expect(channel).toEqual({
      title: SHOP_NAME,
      link: `${BASE}/`,
      description: 'Produktfeed for Google Merchant Center',
    });
    // Escaped, not left bare.
    expect(response.body).toContain('<title>Fjord &amp; &lt;Handel&gt;</title>');
  });

  it('issue 34.6: lists each purchasable item of each product on sale with a picture, and nothing else', async () => {
    const { items } = await googleFeed();
    const hemp = product('hemp-t-shirt');
    expect(items.map((item) => item['g:id']).sort()).toEqual(
      [
        product('acacia-honey').defaultItemId,
        product('ethiopian-coffee-beans').defaultItemId,
        hemp.itemIds['Color=Red,Size=M'],
        hemp.itemIds['Color=Blue,Size=M'],
        tea.small,
        tea.large,
      ].sort(),
    );
    // Left out: the draft, the archived product, the one in a hidden category, the disabled
    // item, and the product without a picture, which Google would refuse.
    for (const absent of [
      product('green-tea').defaultItemId,
      product('wool-socks').defaultItemId,
      product('creamed-clover-honey').defaultItemId,
      hemp.itemIds['Color=Red,Size=XL'],
      product('raw-forest-honey').defaultItemId,
    ])
      expect(byId(items).has(required(absent, 'item'))).toBe(false);
  });

  it('issue 34.6: writes a product’s fields as Google reads them: plain description, absolute addresses, brand and GTIN', async () => {
    const { items } = await googleFeed();
    expect(byId(items).get(product('acacia-honey').defaultItemId)).toEqual({
      'g:id': product('acacia-honey').defaultItemId,
      'g:title': 'Acacia Honey',
      'g:description': 'Light & mild acacia honey.\n500 g\nNorway',
      'g:link': `${BASE}/product/acacia-honey`,
      'g:image_link': `${BASE}/uploads/products/acacia-honey.webp`,
      'g:availability': 'in_stock',
      'g:price': '149.00 NOK',
      'g:brand': 'Bie & Co',
      'g:gtin': '4006381333931',
      'g:condition': 'new',
      'g:product_type': 'Food > Honey > Raw Honey',
      'g:shipping_weight': '500 g',
    });
    const coffee = byId(items).get(product('ethiopian-coffee-beans').defaultItemId);
    // No brand given: the shop's own; no GTIN: said so; no stock: out of stock.
    expect(coffee).toMatchObject({
      'g:brand': SHOP_NAME,
      'g:identifier_exists': 'no',
      'g:availability': 'out_of_stock',
      'g:price': '1200.00 NOK',
      'g:description': 'Ethiopian Coffee Beans',
    });
    expect(coffee?.['g:gtin']).toBeUndefined();
    expect(coffee?.['g:sale_price']).toBeUndefined();
  });

  it('issue 34.6: groups a product’s variants, with colour and size where the options say so, each at its own address', async () => {
    const { items } = await googleFeed();
    const hemp = product('hemp-t-shirt');
    const red = byId(items).get(required(hemp.itemIds['Color=Red,Size=M'], 'Red M'));
    const blue = byId(items).get(required(hemp.itemIds['Color=Blue,Size=M'], 'Blue M'));
    expect(red).toMatchObject({
      'g:title': 'Hemp T-Shirt (Red, M)',
      'g:description': 'Soft hemp.',
      'g:link': `${BASE}/product/hemp-t-shirt?Color=Red&Size=M`,
      'g:image_link': `${BASE}/uploads/products/hemp-t-shirt-1.webp`,
      'g:item_group_id': hemp.id,
      'g:color': 'Red',
      'g:size': 'M',
      'g:price': '299.00 NOK',
      'g:sale_price': '239.20 NOK',
      // The product's GTIN is no one variant's.
      'g:identifier_exists': 'no',
    });
    expect(blue).toMatchObject({
      'g:title': 'Hemp T-Shirt (Blue, M)',
      'g:link': `${BASE}/product/hemp-t-shirt?Color=Blue&Size=M`,
      'g:image_link': `${BASE}/uploads/products/hemp-t-shirt-blue.webp`,
      'g:item_group_id': hemp.id,
      'g:color': 'Blue',
      'g:price': '299.00 NOK',
    });
    expect(blue?.['g:sale_price']).toBeUndefined();
    expect(red?.['g:gtin']).toBeUndefined();

    // A bokmål option name says size too; its address is written as the Norwegian page writes it.
    const small = byId(items).get(tea.small);
    expect(small).toMatchObject({
      'g:title': 'Te & <Kake> (Liten)',
      'g:description': 'Te\nTil kaken',
      'g:link': `${BASE}/product/te-og-kake?St%C3%B8rrelse=Liten`,
      'g:item_group_id': tea.productId,
      'g:size': 'Liten',
      'g:product_type': 'Food > Coffee and Tea',
      'g:shipping_weight': '300 g',
    });
    expect(small?.['g:color']).toBeUndefined();
  });

  it('issue 34.6: escapes & and < in names and addresses, and leaves out characters XML forbids', async () => {
    const response = await get(GOOGLE);
    expect(response.body.includes('\u0007')).toBe(false);
    expect(response.body).toContain('<g:title>Te &amp; &lt;Kake&gt; (Liten)</g:title>');
    expect(response.body).not.toContain('Te & <Kake>');
    expect(response.body).toContain(
      `<g:link>${BASE}/product/hemp-t-shirt?Color=Red&amp;Size=M</g:link>`,
    );
  });

  it('issue 34.6: is kept between requests and shows a price change the next time it is read', async () => {
    await expect.poll(async () => (await get(GOOGLE)).headers['x-cache'], patiently).toBe('hit');
    const loaded = await adminCall('GET', `/api/admin/products/${product('acacia-honey').id}`);
    const acacia = adminProductSchema.parse(loaded.json());
    const saved = await adminCall(
      'PUT',
      `/api/admin/products/${acacia.id}`,
      productSaveRequestOf(acacia, {
        heroImage: acacia.heroImage,
        gallery: acacia.gallery,
        items: acacia.items.map((item) => ({
          id: item.id,
          variants: item.variants,
          sku: item.sku,
          priceOre: 17_900,
          discountPercent: 10,
        })),
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const { items } = await googleFeed();
    expect(byId(items).get(product('acacia-honey').defaultItemId)).toMatchObject({
      'g:price': '179.00 NOK',
      'g:sale_price': '161.10 NOK',
    });
  });

  it('issue 34.6: is no page of the sitemap', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('/feeds/');
  });
});

describe('the Prisjakt feed (issue 34.6)', () => {
  it('issue 34.6: lists every purchasable item on sale, a picture or not, with the same fields', async () => {
    const google = byId((await googleFeed()).items);
    const { channel, items } = await prisjaktFeed();
    expect(channel.description).toBe('Produktfeed for Prisjakt');
    expect(items.map((item) => item['g:id']).sort()).toEqual(
      [...google.keys(), product('raw-forest-honey').defaultItemId].sort(),
    );
    const forest = byId(items).get(product('raw-forest-honey').defaultItemId);
    expect(forest?.['g:image_link']).toBeUndefined();
    expect(forest).toMatchObject({
      'g:title': 'Raw Forest Honey 500 g',
      'g:link': `${BASE}/product/raw-forest-honey`,
      'g:price': '149.00 NOK',
      'g:brand': SHOP_NAME,
      'g:product_type': 'Food > Honey > Raw Honey',
    });
    // Beside the shipping cost, an item reads as in Google's feed.
    for (const item of items) {
      const same = google.get(String(item['g:id']));
      if (!same) continue;
      expect({ ...item, 'g:shipping': undefined }).toEqual(same);
    }
  });

  it('issue 34.6: gives the home-delivery price of one unit to Norway: its weight band, free above the threshold, none when too heavy', async () => {
    const { items } = await prisjaktFeed();
    const shippingOf = (itemId: string) =>
      (byId(items).get(itemId)?.['g:shipping'] as Record<string, string> | undefined)?.['g:price'];
    // 500 g: Norway's band up to 1 kg, 79 NOK.
    expect(shippingOf(product('acacia-honey').defaultItemId)).toBeDefined();
    expect(shippingOf(tea.small)).toBe('79.00 NOK');
    // 2 kg: the band up to 5 kg.
    expect(shippingOf(product('raw-forest-honey').defaultItemId)).toBe('129.00 NOK');
    // 1 200 NOK: above Norway's free-shipping threshold of 1 000 NOK.
    expect(shippingOf(product('ethiopian-coffee-beans').defaultItemId)).toBe('0.00 NOK');
    // 40 kg: beyond every band, so no price is given.
    expect(byId(items).get(tea.large)?.['g:shipping']).toBeUndefined();

    // Each as the checkout quotes one unit of it to an address in Norway.
    for (const item of items) {
      const itemId = String(item['g:id']);
      const quoted = await quoteShipping(ctx.db, {
        lines: [{ itemId, qty: 1 }],
        country: 'NO',
        postalCode: '0150',
      }).then(
        (quote) => nokAmount(quote.shippingOre),
        () => undefined,
      );
      expect(shippingOf(itemId), itemId).toBe(quoted);
    }
  });
});

describe('brand and GTIN in the back office (issue 34.6)', () => {
  const load = async (slug: string): Promise<AdminProduct> =>
    adminProductSchema.parse(
      (await adminCall('GET', `/api/admin/products/${product(slug).id}`)).json(),
    );
  const save = (loaded: AdminProduct, changes: Record<string, unknown>) =>
    adminCall('PUT', `/api/admin/products/${loaded.id}`, {
      ...productSaveRequestOf(loaded),
      ...changes,
    });

  it('issue 34.6: saves a brand and a GTIN typed with spaces, keeps them when a save leaves them out, and clears them with ""', async () => {
    const before = await load('raw-forest-honey');
    expect(before).toMatchObject({ brand: '', gtin: '' });
    const saved = await save(before, { brand: '  Skogbier  ', gtin: '7038 0100 6930 7' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ brand: 'Skogbier', gtin: '7038010069307' });

    // A save without them (a CSV import) keeps them.
    const kept = await save(await load('raw-forest-honey'), {});
    expect(kept.json()).toMatchObject({ brand: 'Skogbier', gtin: '7038010069307' });
    const [row] = await ctx.db
      .select({ brand: products.brand, gtin: products.gtin })
      .from(products)
      .where(eq(products.id, before.id));
    expect(row).toEqual({ brand: 'Skogbier', gtin: '7038010069307' });

    const { items } = await prisjaktFeed();
    expect(byId(items).get(product('raw-forest-honey').defaultItemId)).toMatchObject({
      'g:brand': 'Skogbier',
      'g:gtin': '7038010069307',
    });

    const cleared = await save(await load('raw-forest-honey'), { brand: '', gtin: '' });
    expect(cleared.json()).toMatchObject({ brand: '', gtin: '' });
    const [after] = await ctx.db
      .select({ brand: products.brand, gtin: products.gtin })
      .from(products)
      .where(eq(products.id, before.id));
    expect(after).toEqual({ brand: null, gtin: null });
    const again = byId((await prisjaktFeed()).items).get(product('raw-forest-honey').defaultItemId);
    expect(again).toMatchObject({ 'g:brand': SHOP_NAME, 'g:identifier_exists': 'no' });
  });

  it.each([
    ['a wrong check digit', { gtin: '4006381333932' }, adminProductMessages.gtinCheckDigit],
    ['nine digits', { gtin: '123456789' }, adminProductMessages.gtinFormat],
    ['letters', { gtin: '40063813339AB' }, adminProductMessages.gtinFormat],
    ['a brand of 71 characters', { brand: 'B'.repeat(71) }, adminProductMessages.brandLength],
  ])(
    'issue 34.6: refuses %s with a 400 naming the field, and changes nothing',
    async (_case, changes, message) => {
      const before = await load('ethiopian-coffee-beans');
      const response = await save(before, changes);
      expect(response.statusCode).toBe(400);
      const answer = response.json<{ message: string; errors?: Record<string, string> }>();
      expect(answer.message).toContain(message);
      const after = await load('ethiopian-coffee-beans');
      expect(after.version).toBe(before.version);
      expect({ brand: after.brand, gtin: after.gtin }).toEqual({
        brand: before.brand,
        gtin: before.gtin,
      });
    },
  );

  it('issue 34.6: knows a GTIN’s check digit for each of its lengths', () => {
    for (const valid of ['96385074', '036000291452', '4006381333931', '10614141000019'])
      expect(hasGtinCheckDigit(valid), valid).toBe(true);
    for (const invalid of [
      '96385075',
      '036000291453',
      '4006381333930',
      '10614141000018',
      '123456789',
    ])
      expect(hasGtinCheckDigit(invalid), invalid).toBe(false);
  });

  it('issue 34.6: reads a description’s words out of its sanitised HTML', () => {
    expect(
      plainTextOf(
        '<h3>Om &lt;honningen&gt;</h3><p>Søt &amp; <em>mild</em>&nbsp;smak.<br>Ny linje</p><table><tbody><tr><td>Vekt</td><td>500 g</td></tr></tbody></table>',
      ),
    ).toBe('Om <honningen>\nSøt & mild smak.\nNy linje\nVekt 500 g');
  });
});
