import {
  variantPairs,
  variantQuery,
  type ProductCard,
  type ProductOffer,
  type ShopDetails,
} from '@shop/shared';

/**
 * schema.org descriptions of a page, written by the server as JSON-LD for search engines
 * (issue 15). Addresses are absolute: a crawler reads them without the page's origin.
 */

const SCHEMA = 'https://schema.org';

/** A NOK amount as schema.org's `price` wants it: a plain decimal, dot-separated. */
const priceText = (kroner: number) => kroner.toFixed(2);

const availability = (stock: number) => (stock > 0 ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`);

export interface ProductFacts {
  product: ProductCard & { description: string; category: { name: string } };
  /** The product page's absolute address. */
  url: string;
  /** Absolute addresses of its pictures, the first the main one. */
  images: string[];
  /** Every item a shopper can buy, each with its own price and stock. */
  offers: ProductOffer[];
  /** Accepted reviews, when there are any. */
  rating?: { average: number; count: number };
  shop: ShopDetails;
}

/**
 * The variant part of an item's name, `Red, XL`. Its address, `?Color=Red&Size=XL`, is the one
 * the product page writes when the shopper picks that item, and opens that item (issue 29.9).
 */
const variantName = (variants: Record<string, string>) =>
  variantPairs(variants)
    .map(([, value]) => value)
    .join(', ');

export function productStructuredData(facts: ProductFacts): object {
  const { product, shop } = facts;
  const offers = facts.offers.map((offer) => {
    const query = variantQuery(offer.variants);
    const label = variantName(offer.variants);
    return {
      '@type': 'Offer',
      ...(label ? { name: `${product.name} (${label})` } : {}),
      sku: offer.sku,
      url: query ? `${facts.url}?${query}` : facts.url,
      price: priceText(offer.sellingPrice),
      priceCurrency: 'NOK',
      availability: availability(offer.stock),
      itemCondition: `${SCHEMA}/NewCondition`,
      seller: { '@type': 'Organization', name: shop.name },
    };
  });
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    image: facts.images,
    url: facts.url,
    category: product.category.name,
    offers,
    ...(facts.rating && facts.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(facts.rating.average * 10) / 10,
            reviewCount: facts.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The trail from the home page to this one, each step with its absolute address. */
export function breadcrumbStructuredData(steps: { name: string; url: string }[]): object {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** The shop itself, on the home page: name, address, contacts and its social profiles. */
export function organizationStructuredData(shop: ShopDetails, origin: string): object {
  const profiles = [shop.facebookUrl, shop.instagramUrl, shop.youtubeUrl].filter(Boolean);
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    name: shop.name,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: shop.email,
    telephone: shop.phone,
    // The organisation number; a VAT-registered Norwegian business's VAT number is it with MVA.
    taxID: shop.organisationNumber,
    ...(shop.vatRegistered ? { vatID: `NO${shop.organisationNumber}MVA` } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.street,
      postalCode: shop.postalCode,
      addressLocality: shop.city,
      addressCountry: shop.country,
    },
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
  };
}
