import { MAX_BRAND_LENGTH, variantQuery, type ProductOption } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../domain-errors.js';
import { productFeedBatches, type FeedItem, type FeedProduct } from '../catalog/index.js';
import { escapeXml } from '../seo/index.js';
import { getSetting } from '../settings/index.js';
import { homeDeliveryPricing } from '../shipping/index.js';

/**
 * The product feeds Norwegian shoppers' price comparison reads (issue 34.6): Google Merchant
 * Center's, and Prisjakt's, which is Google's format (an RSS 2.0 channel of `<item>`s in the
 * `g:` namespace) with the same fields and a shipping cost per item. One item per purchasable
 * item of each product on the storefront, in bokmål, at the Norwegian addresses, prices in NOK
 * with VAT.
 */

/** Which feed: the keys of the `productFeeds` setting that publishes each. */
export type FeedKind = 'googleMerchant' | 'prisjakt';

export interface FeedOptions {
  /** The shop's public address (`PUBLIC_URL`): a feed holds absolute URLs. */
  publicUrl: string;
}

/** Google's product namespace, which Prisjakt's format uses as it is. */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** Google Merchant Center's limits on a title and a description, in characters. */
export const MAX_TITLE_LENGTH = 150;
export const MAX_DESCRIPTION_LENGTH = 5000;

/** Where a shopper of the feeds' sites lives: Norway, whose home delivery each item is priced by. */
const NORWAY = 'NO';

/** What Prisjakt shows as the delivery: home delivery, by its own word and in bokmål. */
const HOME_DELIVERY_SERVICE = 'Hjemlevering';

/** Option names that mean a colour or a size, in bokmål or English, as the owner writes them. */
const colourNames = new Set(['farge', 'farger', 'color', 'colour']);
const sizeNames = new Set(['størrelse', 'str', 'str.', 'size']);

/** Characters XML 1.0 does not allow in a document at all, escaped or not. */
// eslint-disable-next-line no-control-regex -- those characters are what it finds
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** An element's text: escaped as the sitemap escapes, and without characters XML forbids. */
const xmlText = (text: string) => escapeXml(text.replace(XML_FORBIDDEN, ''));

const element = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`;

const baseOf = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** At most `max` characters (not UTF-16 units, so no emoji is cut in two), ending in … if cut. */
function clip(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** øre as Google writes an amount: `249.00 NOK`, a dot before the øre, no thousands separator. */
export function nokAmount(ore: number): string {
  return `${Math.trunc(ore / 100)}.${String(ore % 100).padStart(2, '0')} NOK`;
}

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Text of HTML entities: those the sanitiser writes (`&amp;`, `&lt;`…) and numeric ones. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return namedEntities[name.toLowerCase()] ?? entity;
  });
}

/**
 * A product description's plain text, as the feeds want it: the sanitised HTML's words, a line
 * for each paragraph, heading, list item and table row, cells apart by a space.
 */
export function plainTextOf(html: string): string {
  const text = html
    .replace(/<br\s*\/?>|<\/(?:p|li|h[1-6]|blockquote|tr|ul|ol|table)>/gi, '\n')
    .replace(/<\/?(?:td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** The option value of the item whose name (bokmål, or its English twin) is one of `names`. */
function optionValue(
  product: FeedProduct,
  item: FeedItem,
  names: ReadonlySet<string>,
): string | undefined {
  const means = (option: ProductOption | undefined) =>
    option !== undefined && names.has(option.name.trim().toLowerCase());
  const option = product.options.find(
    (candidate, index) => means(candidate) || means(product.optionsEn?.[index]),
  );
  return option ? item.variants[option.name] : undefined;
}

/** The item's option values in the order the options are declared: `Red, M`. */
const variantLabel = (product: FeedProduct, item: FeedItem) =>
  product.options
    .flatMap((option) => {
      const value = item.variants[option.name];
      return value === undefined ? [] : [value];
    })
    .join(', ');

/** An image path as an absolute address, where the storefront shows it (`/uploads/…`). */
function imageAddress(base: string, path: string): string {
  if (/^https?:/.test(path)) return path;
  return `${base}/uploads${path.startsWith('/') ? path : `/${path}`}`;
}

/** The item's product page: the Norwegian address, with the item's options as the page writes them. */
function itemAddress(base: string, product: FeedProduct, item: FeedItem): string {
  const page = `${base}/product/${encodeURIComponent(product.slug)}`;
  const query = variantQuery(item.variants);
  return query ? `${page}?${query}` : page;
}

/** What an item's `<item>` is written from, beyond the product and the item. */
interface ItemContext {
  kind: FeedKind;
  base: string;
  /** The shop's name: the brand of goods the owner gave none (own-brand goods, as Google asks). */
  shopName: string;
  /** The home-delivery price of one unit in Norway, in øre; undefined where none is offered. */
  shippingOre?: number;
}

/**
 * An `<item>` of the feed, or none: Google refuses an item without a picture, so its feed leaves
 * such items out; Prisjakt takes them.
 */
function itemElement(product: FeedProduct, item: FeedItem, context: ItemContext): string {
  const { kind, base } = context;
  if (kind === 'googleMerchant' && item.image === '') return '';
  const label = variantLabel(product, item);
  const title = clip(label ? `${product.name} (${label})` : product.name, MAX_TITLE_LENGTH);
  const description = clip(
    plainTextOf(product.description) || product.name,
    MAX_DESCRIPTION_LENGTH,
  );
  const hasOptions = Object.keys(item.variants).length > 0;
  // A product's GTIN is its one item's: items of a product with options each have their own.
  const gtin = product.gtin && product.items.length === 1 ? product.gtin : undefined;
  const colour = optionValue(product, item, colourNames);
  const size = optionValue(product, item, sizeNames);
  const fields = [
    element('g:id', item.id),
    element('g:title', title),
    element('g:description', description),
    element('g:link', itemAddress(base, product, item)),
    item.image ? element('g:image_link', imageAddress(base, item.image)) : '',
    element('g:availability', item.stock > 0 ? 'in_stock' : 'out_of_stock'),
    element('g:price', nokAmount(item.priceOre)),
    item.sellingPriceOre < item.priceOre
      ? element('g:sale_price', nokAmount(item.sellingPriceOre))
      : '',
    element('g:brand', clip(product.brand || context.shopName, MAX_BRAND_LENGTH)),
    gtin ? element('g:gtin', gtin) : element('g:identifier_exists', 'no'),
    element('g:condition', 'new'),
    hasOptions ? element('g:item_group_id', product.id) : '',
    colour ? element('g:color', colour) : '',
    size ? element('g:size', size) : '',
    product.categoryPath.length > 0
      ? element('g:product_type', product.categoryPath.join(' > '))
      : '',
    item.weightGrams > 0 ? element('g:shipping_weight', `${item.weightGrams} g`) : '',
    kind === 'prisjakt' && context.shippingOre !== undefined
      ? `<g:shipping>${element('g:country', NORWAY)}${element(
          'g:service',
          HOME_DELIVERY_SERVICE,
        )}${element('g:price', nokAmount(context.shippingOre))}${element(
          'g:delivery_type',
          'home',
        )}</g:shipping>`
      : '',
  ];
  return `<item>${fields.join('')}</item>`;
}

const channelDescriptions: Record<FeedKind, string> = {
  googleMerchant: 'Produktfeed for Google Merchant Center',
  prisjakt: 'Produktfeed for Prisjakt',
};

/**
 * The feed of `kind` as its XML file, or a NotFoundError while the owner has not published it
 * (the `productFeeds` setting). Products are read in batches and written out as they come.
 */
export async function productFeed(
  db: Database,
  kind: FeedKind,
  options: FeedOptions,
): Promise<string> {
  const published = await getSetting(db, 'productFeeds');
  if (!published[kind]) throw new NotFoundError('errors.feeds.notFound');
  const shopName = (await getSetting(db, 'shopDetails')).name;
  const base = baseOf(options.publicUrl);
  // The checkout's price of one unit delivered home in Norway: its weight band, or free from
  // the zone's threshold; none where Norway has no rates or no band fits.
  const homeDelivery = kind === 'prisjakt' ? await homeDeliveryPricing(db, NORWAY) : undefined;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '<channel>',
    element('title', shopName),
    element('link', `${base}/`),
    element('description', channelDescriptions[kind]),
  ];
  for await (const batch of productFeedBatches(db))
    for (const product of batch)
      for (const item of product.items) {
        const shippingOre = homeDelivery?.(item.weightGrams, item.sellingPriceOre);
        const written = itemElement(product, item, {
          kind,
          base,
          shopName,
          ...(shippingOre === undefined ? {} : { shippingOre }),
        });
        if (written) lines.push(written);
      }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}
