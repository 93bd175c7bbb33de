import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { servedShop } from '../test/shop-details-answer.js';
import {
  breadcrumbStructuredData,
  organizationStructuredData,
  productStructuredData,
} from './structured-data.js';

// The JSON-LD shapes schema.org and search engines' rich results ask for (issue 15): the
// properties they require, with the value forms they accept.
const url = z.url({ protocol: /^https$/ });
const context = z.literal('https://schema.org');
const offerSchema = z.strictObject({
  '@type': z.literal('Offer'),
  name: z.string().min(1).optional(),
  sku: z.string().min(1),
  url,
  price: z.string().regex(/^\d+\.\d{2}$/),
  priceCurrency: z.literal('NOK'),
  availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock']),
  itemCondition: z.literal('https://schema.org/NewCondition'),
  seller: z.strictObject({ '@type': z.literal('Organization'), name: z.string().min(1) }),
});
const productSchema = z.strictObject({
  '@context': context,
  '@type': z.literal('Product'),
  name: z.string().min(1),
  description: z.string().min(1).optional(),
  image: z.array(url).min(1),
  url,
  category: z.string().min(1),
  offers: z.array(offerSchema).min(1),
  aggregateRating: z
    .strictObject({
      '@type': z.literal('AggregateRating'),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.number().int().positive(),
      bestRating: z.literal(5),
      worstRating: z.literal(1),
    })
    .optional(),
});
const breadcrumbSchema = z.strictObject({
  '@context': context,
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(
      z.strictObject({
        '@type': z.literal('ListItem'),
        position: z.number().int().positive(),
        name: z.string().min(1),
        item: url,
      }),
    )
    .min(1)
    .refine((items) => items.every((item, index) => item.position === index + 1), {
      error: 'positions count from 1',
    }),
});
const organizationSchema = z.strictObject({
  '@context': context,
  '@type': z.literal('Organization'),
  name: z.string().min(1),
  url,
  logo: url,
  email: z.email(),
  telephone: z.string().min(5),
  taxID: z.string().regex(/^\d{9}$/),
  vatID: z
    .string()
    .regex(/^NO\d{9}MVA$/)
    .optional(),
  address: z.strictObject({
    '@type': z.literal('PostalAddress'),
    streetAddress: z.string().min(1),
    postalCode: z.string().min(1),
    addressLocality: z.string().min(1),
    addressCountry: z.string().min(1),
  }),
  sameAs: z.array(url).optional(),
});

const origin = 'https://shop.example';
const product = {
  _id: 'a3c9d7e2-1b4f-4c8a-9e6d-2f7b1c0e5d11',
  name: 'Wool Sweater',
  slug: 'wool-sweater',
  heroImage: '/products/wool-sweater.webp',
  price: 1000,
  sellingPrice: 800,
  discount: 20,
  stock: 3,
  description: 'Knitted in Norway.',
  category: { name: 'Garments' },
};
const facts = {
  product,
  url: `${origin}/product/wool-sweater`,
  images: [`${origin}/uploads/products/wool-sweater.webp`],
  offers: [
    { sku: 'SW-M', variants: { Color: 'Blue', Size: 'M' }, sellingPrice: 800, stock: 3 },
    { sku: 'SW-XL', variants: { Color: 'Red', Size: 'XL' }, sellingPrice: 849.5, stock: 0 },
  ],
  shop: servedShop,
};

describe('structured data (issue 15)', () => {
  it('a product is a schema.org Product with an Offer per purchasable item', () => {
    const data = productSchema.parse(productStructuredData(facts));
    expect(data.offers).toEqual([
      expect.objectContaining({
        name: 'Wool Sweater (Blue, M)',
        url: `${origin}/product/wool-sweater?Color=Blue&Size=M`,
        price: '800.00',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({
        name: 'Wool Sweater (Red, XL)',
        price: '849.50',
        availability: 'https://schema.org/OutOfStock',
      }),
    ]);
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it('an item without options is offered at the page itself, under the product name', () => {
    const data = productSchema.parse(
      productStructuredData({
        ...facts,
        offers: [{ sku: 'HONEY', variants: {}, sellingPrice: 129, stock: 9 }],
      }),
    );
    expect(data.offers[0]).not.toHaveProperty('name');
    expect(data.offers[0]?.url).toBe(facts.url);
  });

  it('accepted reviews give an AggregateRating, rounded to one decimal', () => {
    const data = productSchema.parse(
      productStructuredData({ ...facts, rating: { average: 4.666, count: 3 } }),
    );
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.7, reviewCount: 3 });
  });

  it('a trail is a BreadcrumbList numbered from 1', () => {
    const data = breadcrumbSchema.parse(
      breadcrumbStructuredData([
        { name: 'Home', url: `${origin}/` },
        { name: 'Garments', url: `${origin}/category/garments` },
      ]),
    );
    expect(data.itemListElement.map((item) => item.position)).toEqual([1, 2]);
  });

  it('the shop is an Organization with its address, numbers and profiles', () => {
    const data = organizationSchema.parse(organizationStructuredData(servedShop, origin));
    expect(data).toMatchObject({
      name: servedShop.name,
      url: `${origin}/`,
      taxID: servedShop.organisationNumber,
    });
    expect(data.vatID).toBe(
      servedShop.vatRegistered ? `NO${servedShop.organisationNumber}MVA` : undefined,
    );
  });

  it('a shop not registered for VAT has no VAT number', () => {
    const data = organizationSchema.parse(
      organizationStructuredData({ ...servedShop, vatRegistered: false }, origin),
    );
    expect(data).not.toHaveProperty('vatID');
  });
});
