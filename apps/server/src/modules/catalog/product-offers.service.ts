import { and, asc, desc, eq } from 'drizzle-orm';
import { ore, type InOre, type ProductOffer } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../domain-errors.js';
import { productNotFoundMessage } from './catalog.service.js';
import { productItems, products } from './catalog.tables.js';
import { itemForSale, productOnSale } from './product-card.js';

/** An offer as the service answers it: its selling price in øre. */
export type ProductOfferInOre = InOre<ProductOffer, 'sellingPrice'>;

/**
 * Every item of a product on the storefront that can be bought, the default one first: what a
 * search engine lists as the product page's offers. Disabled and archived items are left out,
 * as the page itself leaves them out.
 */
export async function listProductOffers(db: Database, slug: string): Promise<ProductOfferInOre[]> {
  const rows = await db
    .select({
      sku: productItems.sku,
      variants: productItems.variants,
      priceOre: productItems.priceOre,
      sellingPriceOre: productItems.sellingPriceOre,
      stock: productItems.stock,
      options: products.options,
    })
    .from(products)
    .innerJoin(productItems, and(eq(productItems.productId, products.id), itemForSale))
    .where(and(eq(products.slug, slug), productOnSale))
    .orderBy(desc(productItems.isDefault), asc(productItems.position));
  if (rows.length === 0) throw new NotFoundError(productNotFoundMessage);
  return rows.map((row) => ({
    sku: row.sku,
    // In the order the options are declared, as the product page names them.
    variants: Object.fromEntries(
      row.options
        .map((option) => [option.name, row.variants[option.name]] as const)
        .filter((pair): pair is [string, string] => pair[1] !== undefined),
    ),
    sellingPriceOre: ore(row.sellingPriceOre ?? row.priceOre),
    stock: row.stock,
  }));
}
