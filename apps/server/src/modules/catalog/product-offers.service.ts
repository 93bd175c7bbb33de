import { and, asc, desc, eq } from 'drizzle-orm';
import { ore, type InOre, type Locale, type ProductOffer } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../domain-errors.js';
import { productItems, products } from './catalog.tables.js';
import { optionsIn, variantsIn } from './content-language.js';
import { itemForSale, productOnSale } from './product-card.js';

/** An offer as the service answers it: its selling price in øre. */
export type ProductOfferInOre = InOre<ProductOffer, 'sellingPrice'>;

/**
 * Every item of a product on the storefront that can be bought, the default one first: what a
 * search engine lists as the product page's offers. Disabled and archived items are left out,
 * as the page itself leaves them out. Option names and values in the asked language, as the
 * page of that language writes them into its addresses.
 */
export async function listProductOffers(
  db: Database,
  slug: string,
  locale: Locale,
): Promise<ProductOfferInOre[]> {
  const rows = await db
    .select({
      sku: productItems.sku,
      variants: productItems.variants,
      priceOre: productItems.priceOre,
      sellingPriceOre: productItems.sellingPriceOre,
      stock: productItems.stock,
      options: products.options,
      optionsEn: products.optionsEn,
    })
    .from(products)
    .innerJoin(productItems, and(eq(productItems.productId, products.id), itemForSale))
    .where(and(eq(products.slug, slug), productOnSale))
    .orderBy(desc(productItems.isDefault), asc(productItems.position));
  if (rows.length === 0) throw new NotFoundError('errors.catalog.productNotFound');
  return rows.map((row) => {
    const options = optionsIn(locale, row.options, row.optionsEn);
    const variants = variantsIn(row.variants, row.options, options);
    return {
      sku: row.sku,
      // In the order the options are declared, as the product page names them.
      variants: Object.fromEntries(
        options
          .map((option) => [option.name, variants[option.name]] as const)
          .filter((pair): pair is [string, string] => pair[1] !== undefined),
      ),
      sellingPriceOre: ore(row.sellingPriceOre ?? row.priceOre),
      stock: row.stock,
    };
  });
}
