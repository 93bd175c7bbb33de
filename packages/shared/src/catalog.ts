import { z } from 'zod';
import {
  categorySortValues,
  isPriceRangeValid,
  MAX_PRICE_FILTER_NOK,
  minAboveMaxMessage,
} from './catalog-rules.js';
import { answerText, idRefSchema, idSchema, imagePathSchema, text } from './common.js';

export const productCardSchema = z.object({
  _id: idSchema,
  name: answerText(),
  slug: answerText(),
  heroImage: imagePathSchema,
  price: z.number(),
  sellingPrice: z.number(),
  discount: z.number(),
  stock: z.number().int(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const productOptionSchema = z.object({ name: answerText(), values: z.array(answerText()) });
export type ProductOption = z.infer<typeof productOptionSchema>;

export const productInformationSchema = z.object({
  informationKey: answerText(),
  informationValue: answerText(),
});
export type ProductInformation = z.infer<typeof productInformationSchema>;

/** A map of option name to the chosen value; `{}` for a product without options. */
export const variantsSchema = z.record(answerText(), answerText());
export type Variants = z.infer<typeof variantsSchema>;

export const categoryRefSchema = z.object({
  _id: idSchema,
  name: answerText(),
  slug: answerText(),
});

export const productDetailSchema = productCardSchema.extend({
  category: categoryRefSchema,
  orderLimit: z.number().int(),
  gallery: z.array(imagePathSchema),
  options: z.array(productOptionSchema),
  variants: variantsSchema,
  information: z.array(productInformationSchema),
  description: answerText(),
  related: z.array(productCardSchema),
  /**
   * Ours: alt text by image path of the pictures above that have one; absent when none has.
   * A picture without one is described by the product's name.
   */
  imageAlts: z.record(answerText(), answerText()).optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * Ours: every item of a product a shopper can buy, with its own price (NOK) and stock: the
 * offers a search engine lists for the product page (`GET /api/products/{slug}/offers`).
 */
export const productOfferSchema = z.object({
  sku: answerText(),
  variants: variantsSchema,
  sellingPrice: z.number(),
  stock: z.number().int(),
});
export type ProductOffer = z.infer<typeof productOfferSchema>;
export const productOffersResponseSchema = z.object({ offers: z.array(productOfferSchema) });

export const subCategory2Schema = z.object({
  _id: idSchema,
  name: answerText(),
  slug: answerText(),
});
export const subCategorySchema = subCategory2Schema.extend({
  subCategory2: z.array(subCategory2Schema),
});
export const categorySchema = subCategory2Schema.extend({
  image: imagePathSchema,
  subCategory: z.array(subCategorySchema),
});
export type Category = z.infer<typeof categorySchema>;
export type SubCategory = z.infer<typeof subCategorySchema>;
export type SubCategory2 = z.infer<typeof subCategory2Schema>;
export const categoriesResponseSchema = z.object({ categories: z.array(categorySchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const searchQuerySchema = z.object({
  keyword: text()
    .max(200, { error: 'keyword must be at most 200 characters' })
    .default('')
    .transform((keyword) => keyword.trim()),
});
export const productListResponseSchema = z.object({ products: z.array(productCardSchema) });
export const productCardsSchema = z.array(productCardSchema);

export const productSlugParamsSchema = z.object({
  slug: text().min(1).max(200),
});
/** One query parameter per option name with the chosen value, e.g. `?Color=Red&Size=XL`. */
export const optionSelectionSchema = z.record(
  text().max(100),
  text({ error: 'Each option may be given once' }).max(200),
);

/** A price bound as typed in a filter box: a number or numeric text; empty means 0. */
const priceBoundSchema = (name: string) =>
  z
    .union([z.number(), text(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return 0;
      const amount = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isFinite(amount) || (typeof value === 'string' && value.trim() === '')) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a number` });
        return z.NEVER;
      }
      if (amount < 0) {
        ctx.addIssue({ code: 'custom', message: `${name} cannot be negative` });
        return z.NEVER;
      }
      if (amount > MAX_PRICE_FILTER_NOK) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be at most ${MAX_PRICE_FILTER_NOK}`,
        });
        return z.NEVER;
      }
      return amount;
    });

export const categoryListingParamsSchema = z.object({ id: idSchema });
export const categoryListingBodySchema = z
  .object({
    id: idSchema.optional(),
    sub: z
      .array(idRefSchema)
      .max(100)
      .nullish()
      .transform((sub) => sub ?? []),
    sub2: idRefSchema.nullish().transform((sub2) => sub2 ?? null),
    min: priceBoundSchema('min'),
    max: priceBoundSchema('max'),
    sortby: z
      .enum(categorySortValues, {
        error: 'sortby must be one of "", "remove", "lowToHigh" or "highToLow"',
      })
      .nullish()
      .transform((sortby) => sortby ?? ''),
    subfilter: z.array(z.unknown()).max(100).nullish(),
  })
  .refine((body) => isPriceRangeValid(body.min, body.max), { message: minAboveMaxMessage });
export type CategoryListingRequest = z.input<typeof categoryListingBodySchema>;

/** Paging is ours: old clients send none and receive every match. */
export const categoryListingQuerySchema = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1, { error: 'page must be 1 or more' })
    .optional()
    .describe('The page to answer, from 1. Without page and limit every match is answered.'),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'limit must be between 1 and 100' })
    .max(100, { error: 'limit must be between 1 and 100' })
    .optional()
    .describe('Products per page, 1 to 100 (15 when only page is given).'),
});
export const categoryListingResponseSchema = z.object({
  products: z.array(productCardSchema),
  count: z.number().int(),
});
export type CategoryListingResponse = z.infer<typeof categoryListingResponseSchema>;

export const carouselResponseSchema = z.object({
  carousel: z.array(
    z.object({
      _id: idSchema,
      image: imagePathSchema,
      link: answerText(),
      /** Ours: what the image shows, for screen readers; absent on slides set up before it. */
      alt: answerText().optional(),
    }),
  ),
});
export type CarouselResponse = z.infer<typeof carouselResponseSchema>;

export const campaignSchema = z.object({
  _id: idSchema,
  title: answerText(),
  image: imagePathSchema,
  link: answerText(),
  products: z.array(productCardSchema),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignsResponseSchema = z.array(campaignSchema);
