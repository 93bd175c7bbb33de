import { describe, expect, it } from 'vitest';
import {
  categoryListingResponseSchema,
  nokToOre,
  ore,
  productDetailSchema,
  productOffersResponseSchema,
} from '@shop/shared';
import type { ProductDetailInOre } from './catalog.service.js';
import {
  categoryListingToWire,
  productCardToWire,
  productDetailToWire,
  productOfferToWire,
} from './catalog.wire.js';
import type { ProductCardInOre } from './product-card.js';

const card: ProductCardInOre = {
  _id: '6f1f4b8e-2c1a-4c55-9a0e-0b8f7d1e2a33',
  name: 'Hemp T-Shirt',
  slug: 'hemp-t-shirt',
  heroImage: '/products/hemp-t-shirt.webp',
  priceOre: ore(24_938),
  sellingPriceOre: ore(19_950),
  discount: 20,
  stock: 8,
};

describe('the catalogue in NOK on the wire (issue 30.6)', () => {
  it('sends a card in NOK, in the contract order, and back to the same øre', () => {
    const wire = productCardToWire(card);
    expect(wire).toEqual({
      _id: card._id,
      name: 'Hemp T-Shirt',
      slug: 'hemp-t-shirt',
      heroImage: '/products/hemp-t-shirt.webp',
      price: 249.38,
      sellingPrice: 199.5,
      discount: 20,
      stock: 8,
    });
    // The full listing is written with JSON.stringify, so this order is the answer's.
    expect(JSON.stringify(wire)).toBe(
      `{"_id":"${card._id}","name":"Hemp T-Shirt","slug":"hemp-t-shirt",` +
        '"heroImage":"/products/hemp-t-shirt.webp","price":249.38,"sellingPrice":199.5,' +
        '"discount":20,"stock":8}',
    );
    expect(nokToOre(wire.sellingPrice)).toBe(card.sellingPriceOre);
  });

  it('sends a listing as the contract has it', () => {
    const wire = categoryListingToWire({ products: [card], count: 31 });
    expect(categoryListingResponseSchema.parse(wire)).toEqual(wire);
    expect(wire).toEqual({ products: [productCardToWire(card)], count: 31 });
  });

  it('sends a product page with its related cards in NOK', () => {
    const { _id, name, slug, heroImage, discount, stock } = card;
    const detail: ProductDetailInOre = {
      _id,
      name,
      slug,
      heroImage,
      priceOre: ore(31_900),
      sellingPriceOre: ore(31_900),
      discount,
      stock,
      category: { _id, name: 'T-Shirts', slug: 't-shirts' },
      orderLimit: 4,
      gallery: [],
      options: [{ name: 'Size', values: ['M', 'XL'] }],
      variants: { Size: 'XL' },
      information: [],
      description: '',
      related: [card],
    };
    const wire = productDetailToWire(detail);
    expect(productDetailSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({ price: 319, sellingPrice: 319, variants: { Size: 'XL' } });
    expect(wire.related).toEqual([productCardToWire(card)]);
    expect(wire).not.toHaveProperty('priceOre');
  });

  it('sends an offer in NOK', () => {
    const wire = productOfferToWire({
      sku: 'HEMP-RED-M',
      variants: { Color: 'Red', Size: 'M' },
      sellingPriceOre: ore(23_920),
      stock: 8,
    });
    expect(productOffersResponseSchema.parse({ offers: [wire] }).offers).toEqual([
      { sku: 'HEMP-RED-M', variants: { Color: 'Red', Size: 'M' }, sellingPrice: 239.2, stock: 8 },
    ]);
  });
});
