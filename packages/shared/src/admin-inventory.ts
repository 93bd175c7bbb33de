import { z } from 'zod';
import { answerText, freeText, idSchema, text } from './common.js';
import { variantsSchema } from './catalog.js';

/** Why a stock figure changed: orders, cancellations and returns name their order. */
export const stockChangeReasons = [
  'order',
  'cancellation',
  'return',
  'received',
  'correction',
  'damaged',
  'import',
] as const;
export type StockChangeReason = (typeof stockChangeReasons)[number];

/** The reasons a person adjusts stock by hand in the back office. */
export const stockAdjustmentReasons = ['received', 'correction', 'damaged'] as const;
export type StockAdjustmentReason = (typeof stockAdjustmentReasons)[number];

export const STOCK_NOTE_MAX_LENGTH = 500;
const MAX_STOCK = 1_000_000;
const MAX_ORDER_LIMIT = 10_000;
const MAX_THRESHOLD = 1_000_000;

export const inventoryMessages = {
  change: `The change must be a whole number other than 0, from -${MAX_STOCK.toLocaleString('en')} to ${MAX_STOCK.toLocaleString('en')}.`,
  setTo: `The counted stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en')}.`,
  changeOrSetTo: 'Enter either a change or the counted stock, not both.',
  reason: 'Choose a reason: received goods, count correction or damaged.',
  note: `The note can be at most ${STOCK_NOTE_MAX_LENGTH} characters.`,
  receivedAdds: 'Received goods add to the stock: the change must be more than 0.',
  damagedRemoves: 'Damaged goods are taken off the stock: the change must be less than 0.',
  unchanged: (stock: number) => `The stock is ${stock} already: there is nothing to change.`,
  belowZero: (stock: number) =>
    `Stock cannot go below 0 (there ${stock === 1 ? 'is' : 'are'} ${stock})`,
  orderLimit: `The order limit must be a whole number from 1 to ${MAX_ORDER_LIMIT.toLocaleString('en')}.`,
  lowStockThreshold: `The low-stock threshold must be a whole number from 0 to ${MAX_THRESHOLD.toLocaleString('en')}, or empty for the shop's default.`,
  nothingToUpdate: 'Send orderLimit or lowStockThreshold to change.',
  itemNotFound: 'This item does not exist.',
  itemArchived: 'This item is archived: its stock can no longer be changed.',
  q: 'The search can be at most 100 characters.',
  state: 'state must be all, low or out',
  sort: 'sort must be name, sku or stock, with a leading - for descending order',
  page: 'page must be a whole number, 1 or more',
  pageSize: 'pageSize must be a whole number from 1 to 100',
} as const;

/** Which items the inventory page lists: all, those at or below their threshold, or none left. */
export const stockStates = ['all', 'low', 'out'] as const;
export type StockState = (typeof stockStates)[number];

export const inventorySorts = ['name', '-name', 'sku', '-sku', 'stock', '-stock'] as const;
export type InventorySort = (typeof inventorySorts)[number];

const pageSchema = z.coerce
  .number({ error: inventoryMessages.page })
  .int({ error: inventoryMessages.page })
  .min(1, { error: inventoryMessages.page })
  .default(1);
const pageSizeSchema = z.coerce
  .number({ error: inventoryMessages.pageSize })
  .int({ error: inventoryMessages.pageSize })
  .min(1, { error: inventoryMessages.pageSize })
  .max(100, { error: inventoryMessages.pageSize })
  .default(25);

export const inventoryQuerySchema = z.object({
  q: text({ error: inventoryMessages.q })
    .max(100, { error: inventoryMessages.q })
    .optional()
    .transform((q) => q?.trim() ?? '')
    .describe('Words of the product name, or a part of the SKU.'),
  state: z
    .enum(stockStates, { error: inventoryMessages.state })
    .default('all')
    .describe('`low`: at or below the threshold (out of stock included); `out`: stock 0.'),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z
    .enum(inventorySorts, { error: inventoryMessages.sort })
    .default('name')
    .describe('Product name (then the item), SKU or stock; a leading `-` sorts descending.'),
});
export type InventoryQuery = z.input<typeof inventoryQuerySchema>;

export const inventoryItemSchema = z.object({
  itemId: idSchema,
  productId: idSchema,
  productName: answerText(),
  variants: variantsSchema,
  sku: answerText(),
  stock: z.number().int(),
  orderLimit: z.number().int(),
  /** The item's own threshold; null when the shop-wide default applies. */
  lowStockThreshold: z.number().int().nullable(),
  /** The threshold that applies: the item's own, or the shop-wide default. */
  effectiveThreshold: z.number().int(),
  /** Stock at or below the effective threshold (an item out of stock is low too). */
  low: z.boolean(),
  out: z.boolean(),
  disabled: z.boolean(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryPageSchema = z.object({
  items: z.array(inventoryItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InventoryPage = z.infer<typeof inventoryPageSchema>;

export const inventoryItemParamsSchema = z.object({ itemId: idSchema });

/** `PATCH /api/admin/inventory/:itemId`: the item's order limit and own low-stock threshold. */
export const inventoryItemUpdateSchema = z
  .object({
    orderLimit: z
      .number({ error: inventoryMessages.orderLimit })
      .int({ error: inventoryMessages.orderLimit })
      .min(1, { error: inventoryMessages.orderLimit })
      .max(MAX_ORDER_LIMIT, { error: inventoryMessages.orderLimit })
      .optional(),
    lowStockThreshold: z
      .number({ error: inventoryMessages.lowStockThreshold })
      .int({ error: inventoryMessages.lowStockThreshold })
      .min(0, { error: inventoryMessages.lowStockThreshold })
      .max(MAX_THRESHOLD, { error: inventoryMessages.lowStockThreshold })
      .nullable()
      .optional(),
  })
  .refine((body) => body.orderLimit !== undefined || body.lowStockThreshold !== undefined, {
    error: inventoryMessages.nothingToUpdate,
  });
export type InventoryItemUpdate = z.input<typeof inventoryItemUpdateSchema>;

/**
 * `POST /api/admin/inventory/:itemId/adjustments`: a change by a number of units (`change`), or
 * a count that sets the stock (`setTo`), with its reason and an optional note.
 */
export const stockAdjustmentSchema = z
  .object({
    change: z
      .number({ error: inventoryMessages.change })
      .int({ error: inventoryMessages.change })
      .min(-MAX_STOCK, { error: inventoryMessages.change })
      .max(MAX_STOCK, { error: inventoryMessages.change })
      .refine((change) => change !== 0, { error: inventoryMessages.change })
      .optional(),
    setTo: z
      .number({ error: inventoryMessages.setTo })
      .int({ error: inventoryMessages.setTo })
      .min(0, { error: inventoryMessages.setTo })
      .max(MAX_STOCK, { error: inventoryMessages.setTo })
      .optional(),
    reason: z.enum(stockAdjustmentReasons, { error: inventoryMessages.reason }),
    note: freeText({ error: inventoryMessages.note })
      .max(STOCK_NOTE_MAX_LENGTH, { error: inventoryMessages.note })
      .optional()
      .transform((note) => note?.trim() ?? ''),
  })
  .superRefine((body, context) => {
    if ((body.change === undefined) === (body.setTo === undefined))
      context.addIssue({
        code: 'custom',
        path: [body.change === undefined ? 'change' : 'setTo'],
        message: inventoryMessages.changeOrSetTo,
      });
    else if (body.change !== undefined) {
      const message = stockAdjustmentSignError(body.reason, body.change);
      if (message) context.addIssue({ code: 'custom', path: ['change'], message });
    }
  });
export type StockAdjustmentRequest = z.input<typeof stockAdjustmentSchema>;

/** Received goods only add and damaged goods only take away; a correction goes either way. */
export function stockAdjustmentSignError(
  reason: StockAdjustmentReason,
  change: number,
): string | undefined {
  if (reason === 'received' && change <= 0) return inventoryMessages.receivedAdds;
  if (reason === 'damaged' && change >= 0) return inventoryMessages.damagedRemoves;
  return undefined;
}

export const stockLedgerEntrySchema = z.object({
  id: z.number().int(),
  itemId: idSchema,
  /** ISO 8601; when the transaction that made the change began. */
  at: answerText(),
  reason: z.enum(stockChangeReasons),
  change: z.number().int(),
  stockBefore: z.number().int(),
  stockAfter: z.number().int(),
  orderId: idSchema.nullable(),
  /** The staff member who made the change by hand; null for orders. */
  actorId: idSchema.nullable(),
  actorEmail: answerText().nullable(),
  note: answerText(),
});
export type StockLedgerEntry = z.infer<typeof stockLedgerEntrySchema>;

export const stockAdjustmentResultSchema = z.object({
  stock: z.number().int(),
  entry: stockLedgerEntrySchema,
});
export type StockAdjustmentResult = z.infer<typeof stockAdjustmentResultSchema>;

export const stockLedgerQuerySchema = z.object({ page: pageSchema, pageSize: pageSizeSchema });

export const stockLedgerPageSchema = z.object({
  entries: z.array(stockLedgerEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StockLedgerPage = z.infer<typeof stockLedgerPageSchema>;
