import {
  oreToNok,
  type CategoryListingResponse,
  type ProductCard,
  type ProductDetail,
  type ProductOffer,
} from '@shop/shared';
import type { CategoryListingInOre, ProductDetailInOre } from './catalog.service.js';
import type { ProductCardInOre } from './product-card.js';
import type { ProductOfferInOre } from './product-offers.service.js';

/**
 * The catalogue's answers as the wire carries them, in NOK. Only routes call these: the
 * services answer øre.
 */

/**
 * Field by field in the contract's order: the full category listing is written with
 * JSON.stringify, not through the schema, so this order is the answer's.
 */
export function productCardToWire(card: ProductCardInOre): ProductCard {
  return {
    _id: card._id,
    name: card.name,
    slug: card.slug,
    heroImage: card.heroImage,
    price: oreToNok(card.priceOre),
    sellingPrice: oreToNok(card.sellingPriceOre),
    discount: card.discount,
    stock: card.stock,
  };
}

export function productCardsToWire(cards: readonly ProductCardInOre[]): ProductCard[] {
  return cards.map(productCardToWire);
}

export function categoryListingToWire(listing: CategoryListingInOre): CategoryListingResponse {
  return { products: productCardsToWire(listing.products), count: listing.count };
}

export function productDetailToWire({
  priceOre,
  sellingPriceOre,
  related,
  ...detail
}: ProductDetailInOre): ProductDetail {
  return {
    ...detail,
    price: oreToNok(priceOre),
    sellingPrice: oreToNok(sellingPriceOre),
    related: productCardsToWire(related),
  };
}

export function productOfferToWire({ sellingPriceOre, ...offer }: ProductOfferInOre): ProductOffer {
  return { ...offer, sellingPrice: oreToNok(sellingPriceOre) };
}
