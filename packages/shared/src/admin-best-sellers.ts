import { z } from 'zod';
import { productStatusValues } from './admin-products.js';
import { answerText, idSchema } from './common.js';

/** How many cards the home page's 'Best Selling Products' and 'Latest Products' show. */
export const HOME_LIST_SIZE = 12;

export const bestSellersMessages = {
  productsFormat: 'productIds must be a list of product ids',
  tooMany: `At most ${HOME_LIST_SIZE} products can be pinned: the list shows ${HOME_LIST_SIZE}`,
  duplicate: 'A product is in the list twice',
  notFound: (count: number) =>
    count === 1 ? 'One of the products does not exist' : `${count} of the products do not exist`,
  archived: (names: readonly string[]) =>
    `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} archived and cannot be pinned: remove ${names.length === 1 ? 'it' : 'them'} from the list`,
} as const;

/**
 * `PUT /api/admin/best-sellers` (issue 14): the products pinned to the front of 'Best Selling
 * Products', in their order; replaces the list ([] unpins every product).
 */
export const bestSellersUpdateSchema = z.object({
  productIds: z
    .array(idSchema, { error: bestSellersMessages.productsFormat })
    .max(HOME_LIST_SIZE, { error: bestSellersMessages.tooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: bestSellersMessages.duplicate }),
});
export type BestSellersUpdate = z.input<typeof bestSellersUpdateSchema>;

/** `GET`/`PUT /api/admin/best-sellers`: the pins, and the list the home page shows now. */
export const adminBestSellersSchema = z.object({
  /** In pin order; one off the storefront (a draft, in a hidden category) is not shown. */
  pinned: z.array(
    z.object({
      id: idSchema,
      name: answerText(),
      status: z.enum(productStatusValues),
      onSale: z.boolean(),
    }),
  ),
  /** 'Best Selling Products' as shoppers see it: the pinned ones on sale, then by units sold. */
  shown: z.array(
    z.object({
      id: idSchema,
      name: answerText(),
      soldCount: z.number().int(),
      pinned: z.boolean(),
    }),
  ),
});
export type AdminBestSellers = z.infer<typeof adminBestSellersSchema>;
