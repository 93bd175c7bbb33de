import { z } from 'zod';
import { adminPageFields, adminPagingShape } from './admin-paging.js';
import { variantsSchema } from './catalog.js';
import { answerText, idSchema, text } from './common.js';

/**
 * Sales in the back office (issue 14): a discount set in bulk on a category (with its
 * subcategories) or on chosen products, now or from a start, put back by itself at the end.
 */

export const MAX_PRICE_SALE_NAME_LENGTH = 120;
/** A longer list is a category's job; it also keeps one request's id list small. */
export const MAX_PRICE_SALE_PRODUCTS = 500;
/** How many of a sale's items its page lists; the counts say how many it covers in all. */
export const PRICE_SALE_ITEMS_SHOWN = 200;
/** A start this far in the past still means "now": the owner filled the form a moment ago. */
export const PRICE_SALE_START_GRACE_MS = 60_000;

/**
 * Where a sale stands: waiting for its start, its discount on the products, over (by its end or
 * by hand), or called off before it started.
 */
export const priceSaleStatusValues = ['scheduled', 'active', 'ended', 'cancelled'] as const;
export type PriceSaleStatus = (typeof priceSaleStatusValues)[number];

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** What the back office's sale calls answer when they refuse; the admin app shows them. */
export const priceSaleAdminMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_PRICE_SALE_NAME_LENGTH} characters`,
  percent: 'The discount is a whole number of percent from 0 to 100',
  targetRequired: 'Choose a category or at least one product',
  targetBoth: 'Choose a category or products, not both',
  productsFormat: 'productIds must be a list of product ids',
  tooManyProducts: `Choose at most ${MAX_PRICE_SALE_PRODUCTS} products; for more, put the sale on a category`,
  duplicateProducts: 'A product is in the list twice',
  productsNotFound: (count: number) =>
    count === 1 ? 'One of the products does not exist' : `${count} of the products do not exist`,
  categoryNotFound: 'That category does not exist',
  dateFormat: 'Give a date and time with its offset, such as 2026-05-01T00:00:00+02:00',
  scheduleOrder: 'The end must be after the start',
  startInPast: 'The start is in the past: leave it empty to start the sale now',
  endInPast: 'The end is in the past',
  overlap: (other: string, status: 'scheduled' | 'active', products: number, example: string) =>
    `This sale overlaps the ${status} sale “${other}” on ${plural(products, 'product')} (such as ${example}) at the same time. ` +
    'Sales on the same products may not overlap, so that each can put the prices back: change the dates or the products, or end the other sale first.',
  overlapCategory: (other: string, status: 'scheduled' | 'active') =>
    `This sale’s category lies within the category of the ${status} sale “${other}”, or holds it, at the same time. ` +
    'Sales on the same products may not overlap, so that each can put the prices back: change the dates or the category, or end the other sale first.',
  categoryInSale: (sale: string) =>
    `The sale “${sale}” is on this category or one under it: end or cancel it first`,
  notFound: 'Sale not found',
  alreadyEnded: 'This sale has already ended',
  alreadyCancelled: 'This sale was already cancelled',
} as const;

const messages = priceSaleAdminMessages;

const moment = z.iso
  .datetime({ offset: true, error: messages.dateFormat })
  .nullish()
  .transform((value) => value ?? null);

export const priceSaleNameSchema = text({ error: messages.nameRequired })
  .trim()
  .min(1, { error: messages.nameRequired })
  .max(MAX_PRICE_SALE_NAME_LENGTH, { error: messages.nameTooLong });

/**
 * `POST /api/admin/price-sales`: a category or a list of products, and the discount. Without
 * a start (or with one up to a minute ago) it applies at once; without an end it stays.
 */
export const createPriceSaleRequestSchema = z
  .object({
    name: priceSaleNameSchema,
    /** 0 takes the products' discounts off for the sale's time. */
    discountPercent: z
      .number({ error: messages.percent })
      .int({ error: messages.percent })
      .min(0, { error: messages.percent })
      .max(100, { error: messages.percent }),
    /** The category with its subcategories; its products are taken when the sale starts. */
    categoryId: idSchema.nullish().transform((id) => id ?? null),
    productIds: z
      .array(idSchema, { error: messages.productsFormat })
      .max(MAX_PRICE_SALE_PRODUCTS, { error: messages.tooManyProducts })
      .default([]),
    startsAt: moment,
    /** The first moment the prices are back. */
    endsAt: moment,
  })
  .superRefine((body, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (body.categoryId === null && body.productIds.length === 0)
      issue('productIds', messages.targetRequired);
    if (body.categoryId !== null && body.productIds.length > 0)
      issue('productIds', messages.targetBoth);
    if (new Set(body.productIds).size !== body.productIds.length)
      issue('productIds', messages.duplicateProducts);
    if (
      body.startsAt !== null &&
      body.endsAt !== null &&
      Date.parse(body.endsAt) <= Date.parse(body.startsAt)
    )
      issue('endsAt', messages.scheduleOrder);
  });
export type CreatePriceSaleRequest = z.input<typeof createPriceSaleRequestSchema>;

export const priceSaleIdParamsSchema = z.object({ id: idSchema });

/** `GET /api/admin/price-sales`: newest first, optionally one status. */
export const adminPriceSaleListQuerySchema = z.object({
  status: z
    .enum(priceSaleStatusValues, {
      error: 'status must be scheduled, active, ended or cancelled',
    })
    .optional(),
  ...adminPagingShape,
});
export type AdminPriceSaleListQuery = z.input<typeof adminPriceSaleListQuerySchema>;

export const adminPriceSaleSchema = z.object({
  id: idSchema,
  name: answerText(),
  discountPercent: z.number().int(),
  /** Null for a sale of chosen products. */
  categoryId: idSchema.nullable(),
  categoryName: answerText().nullable(),
  status: z.enum(priceSaleStatusValues),
  /** When it starts or started. */
  startsAt: answerText().nullable(),
  /** When it ends by itself; null for no end. */
  endsAt: answerText().nullable(),
  /** When its discount was put on the products; null while scheduled or when it never was. */
  appliedAt: answerText().nullable(),
  /** When it ended or was cancelled. */
  endedAt: answerText().nullable(),
  /**
   * Products and items it covers: those it changed once started, those it would cover now
   * while scheduled (a category's products are taken at the start).
   */
  productCount: z.number().int(),
  itemCount: z.number().int(),
  createdByEmail: answerText().nullable(),
  createdAt: answerText(),
  updatedAt: answerText(),
});
export type AdminPriceSale = z.infer<typeof adminPriceSaleSchema>;

export const adminPriceSaleListSchema = z.object({
  sales: z.array(adminPriceSaleSchema),
  ...adminPageFields,
});
export type AdminPriceSaleList = z.infer<typeof adminPriceSaleListSchema>;

/** One item a sale covers, with its price before and during the sale. */
export const adminPriceSaleItemSchema = z.object({
  productId: idSchema,
  productName: answerText(),
  productSlug: answerText(),
  itemId: idSchema,
  sku: answerText(),
  variants: variantsSchema,
  priceOre: z.number().int(),
  /** The item's own discount: what the end puts back. */
  discountBefore: z.number().int(),
  discountDuring: z.number().int(),
  sellingBeforeOre: z.number().int(),
  sellingDuringOre: z.number().int(),
  /** The discount the item has now; another than the sale's during a sale was set by hand, and stays. */
  currentDiscount: z.number().int(),
});
export type AdminPriceSaleItem = z.infer<typeof adminPriceSaleItemSchema>;

/** One sale with the first items it covers (`itemCount` has them all). */
export const adminPriceSaleDetailSchema = adminPriceSaleSchema.extend({
  items: z.array(adminPriceSaleItemSchema),
  /** For a sale of chosen products: the products chosen, archived ones included. */
  productIds: z.array(idSchema),
});
export type AdminPriceSaleDetail = z.infer<typeof adminPriceSaleDetailSchema>;
