import { z } from 'zod';
import { answerText } from './common.js';

/**
 * The accounting export: every money movement of a period as a document the accountant books,
 * a sale when an order's payment was charged and a credit note when a refund went through. Each
 * document's amounts are split into buckets, one per VAT rate of goods and one per VAT rate of
 * shipping, each with the Norwegian SAF-T standard VAT code its output VAT is booked under.
 */

/** The longest period one export covers: a year, leap day included. */
export const ACCOUNTING_MAX_DAYS = 366;

export const accountingMessages = {
  from: 'from must be a date (2026-03-01)',
  to: 'to must be a date (2026-03-31)',
  fromAfterTo: 'from must not be after to',
  tooLong: `The period can be at most ${ACCOUNTING_MAX_DAYS} days`,
} as const;

/**
 * The buckets, in the export's column order. `rate` is the VAT percent. Shipping follows the
 * goods it delivers (split over their rates by value, issue 29), so it has a bucket per rate,
 * booked under the goods' code but kept apart for the freight revenue account. `shipping` keeps
 * its key from before the split (shipping at 25 %), so readers of the JSON go on working. The
 * SAF-T codes are those of output VAT: 3 (25 %), 31 (15 %, food), 33 (12 %), 5 (0 %, zero-rated
 * sale inside the VAT act).
 */
export const accountingBuckets = [
  { key: 'goods25', kind: 'goods', label: 'Goods 25 %', rate: 25, saftCode: '3' },
  { key: 'goods15', kind: 'goods', label: 'Goods 15 %', rate: 15, saftCode: '31' },
  { key: 'goods12', kind: 'goods', label: 'Goods 12 %', rate: 12, saftCode: '33' },
  { key: 'goods0', kind: 'goods', label: 'Goods 0 %', rate: 0, saftCode: '5' },
  { key: 'shipping', kind: 'shipping', label: 'Shipping 25 %', rate: 25, saftCode: '3' },
  { key: 'shipping15', kind: 'shipping', label: 'Shipping 15 %', rate: 15, saftCode: '31' },
  { key: 'shipping12', kind: 'shipping', label: 'Shipping 12 %', rate: 12, saftCode: '33' },
  { key: 'shipping0', kind: 'shipping', label: 'Shipping 0 %', rate: 0, saftCode: '5' },
] as const;
export type AccountingBucketKey = (typeof accountingBuckets)[number]['key'];

const day = (error: string) => z.iso.date({ error });

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** `GET /api/admin/accounting` and `…/export.csv`: days in Norway, both included. */
export const accountingQuerySchema = z
  .object({ from: day(accountingMessages.from), to: day(accountingMessages.to) })
  .refine((query) => query.from <= query.to, {
    error: accountingMessages.fromAfterTo,
    path: ['from'],
  })
  .refine((query) => daysBetween(query.from, query.to) <= ACCOUNTING_MAX_DAYS, {
    error: accountingMessages.tooLong,
    path: ['to'],
  });
export type AccountingQuery = z.input<typeof accountingQuerySchema>;

const amountsSchema = z.object({
  netOre: z.number().int(),
  vatOre: z.number().int(),
  grossOre: z.number().int(),
});
export type AccountingAmounts = z.infer<typeof amountsSchema>;

const bucketsSchema = z.object(
  Object.fromEntries(accountingBuckets.map((bucket) => [bucket.key, amountsSchema])) as Record<
    AccountingBucketKey,
    typeof amountsSchema
  >,
);
export type AccountingBucketAmounts = z.infer<typeof bucketsSchema>;

export const accountingDocumentSchema = z.object({
  /** The day in Norway the money moved: the charge of a sale, the refund of a credit note. */
  date: z.iso.date(),
  type: z.enum(['sale', 'refund']),
  /** The order number for a sale; the order number, R and the refund's place for a refund. */
  document: answerText(),
  orderNumber: z.number().int(),
  /** The payment provider's reference: the payment for a sale, the refund for a refund. */
  paymentReference: answerText(),
  /** Negative for a refund. */
  buckets: bucketsSchema,
  grossOre: z.number().int(),
});
export type AccountingDocument = z.infer<typeof accountingDocumentSchema>;

export const accountingReportSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Oldest first. */
  documents: z.array(accountingDocumentSchema),
  /** The sums of the documents' columns. */
  totals: z.object({
    sales: z.number().int(),
    refunds: z.number().int(),
    buckets: bucketsSchema,
    grossOre: z.number().int(),
  }),
});
export type AccountingReport = z.infer<typeof accountingReportSchema>;
