import { z } from 'zod';
import { adminPageFields, adminPagingShape } from './admin-paging.js';
import { slugFromName } from './admin-catalog-categories.js';
import { answerText, freeText, idSchema, text } from './common.js';

/** What a product's page shows: only a published product is on the storefront. */
export const productStatusValues = ['draft', 'published', 'archived'] as const;
export type ProductStatus = (typeof productStatusValues)[number];

/** The stock state of a product in the back office's list: of its items that are for sale. */
export const stockStateValues = ['in', 'low', 'out'] as const;
export const adminProductSortValues = ['name', 'updated', 'price'] as const;

/** The VAT rates a product may have: 25 % standard, 15 % food. */
export const productVatRates = [25, 15] as const;

export const adminProductMessages = {
  nameRequired: 'Name is required',
  slugFormat: 'A slug is lower-case letters and digits with single dashes, such as hemp-t-shirt',
  skuFormat: 'A SKU is letters, digits, dots, dashes and underscores, at most 64',
  skuUsed: (sku: string) => `SKU ${sku} is used by another item`,
  skuTwice: (sku: string) => `SKU ${sku} is given to two items`,
  priceMin: 'Price must be 0 or more',
  priceMax: 'Price must be at most 21 474 836.47 kr',
  discountRange: 'Discount must be between 0 and 100 %',
  stockMin: 'Stock must be 0 or more',
  orderLimitMin: 'Order limit must be 1 or more',
  weightMin: 'Weight must be 0 grams or more',
  lowStockMin: 'Low-stock threshold must be 0 or more',
  vat: 'VAT must be 25 % or 15 %',
  optionNameRequired: 'Option name is required',
  optionValueRequired: 'Option value is required',
  optionNeedsValues: 'An option needs at least one value',
  optionNameTwice: (name: string) => `Option ${name} is given twice`,
  optionValueTwice: (name: string, value: string) => `${name} ${value} is given twice`,
  itemsRequired: 'A product needs at least one item',
  versionRequired: 'version is required: send the version the product was loaded with',
  conflict:
    'This product was changed by someone else while you were editing. Reload it to see their changes.',
  soldDelete: (count: number) =>
    `This product has been ordered ${count === 1 ? 'once' : `${count} times`} and cannot be deleted: archive it instead (status archived) so orders keep it.`,
  stockOfExistingItem: (sku: string) =>
    `Stock of ${sku} cannot be changed here: use a stock adjustment in the inventory, which records the reason.`,
  notFound: 'Product not found',
  categoryNotFound: 'Category not found',
  relatedNotFound: 'A related product was not found',
  relatedSelf: 'A product cannot be related to itself',
  itemNotFound: 'This item is not one of the product’s items: reload the product',
  defaultDisabled: 'The default item cannot be disabled',
  defaultTwice: 'Only one item can be the default',
  slugTaken: (slug: string) => `The slug ${slug} is used by another product`,
  brandLength: 'A brand is at most 70 characters',
  gtinFormat: 'A GTIN is 8, 12, 13 or 14 digits, as printed under the barcode',
  gtinCheckDigit:
    'This GTIN’s last digit is not its check digit: copy the number from the barcode again',
} as const;

/** The lengths a GTIN has: EAN-8, UPC-A (12), EAN-13 and GTIN-14. */
const gtinDigits = /^(\d{8}|\d{12}|\d{13}|\d{14})$/;

/** The longest brand Google Merchant Center takes (issue 34.6). */
export const MAX_BRAND_LENGTH = 70;

/**
 * Whether a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) ends in its GS1 check digit: the other digits
 * weighted 3 and 1 alternately from the right make, with it, a multiple of 10. Catches a
 * mistyped or swapped digit before a price comparison site refuses the item.
 */
export function hasGtinCheckDigit(gtin: string): boolean {
  if (!gtinDigits.test(gtin)) return false;
  const digits = [...gtin].map(Number).reverse();
  const sum = digits.reduce((total, digit, index) => total + digit * (index % 2 === 1 ? 3 : 1), 0);
  return sum % 10 === 0;
}

/** A product's brand as saved: trimmed; '' for none (the feeds then give the shop's name). */
const brandSchema = text()
  .transform((brand) => brand.trim())
  .pipe(text().max(MAX_BRAND_LENGTH, { error: adminProductMessages.brandLength }));

/**
 * A product's GTIN (its EAN or UPC barcode number) as saved: spaces and dashes typed between
 * the digit groups are dropped; '' for none.
 */
const gtinSchema = text()
  .max(50, { error: adminProductMessages.gtinFormat })
  .transform((gtin) => gtin.replace(/[\s-]/g, ''))
  .pipe(
    text()
      .refine((gtin) => gtin === '' || gtinDigits.test(gtin), {
        error: adminProductMessages.gtinFormat,
      })
      // Said only of a number of a GTIN's length, so one mistake gets one message.
      .refine((gtin) => !gtinDigits.test(gtin) || hasGtinCheckDigit(gtin), {
        error: adminProductMessages.gtinCheckDigit,
      }),
  );

/** A product's slug from its name; 80 characters leave room for a `-2` that keeps it unique. */
export const toProductSlug = (name: string): string => slugFromName(name, 'product', 80);

export const adminProductListQuerySchema = z.object({
  q: text()
    .max(200, { error: 'q must be at most 200 characters' })
    .default('')
    .transform((q) => q.trim())
    .describe('Words of the name, the slug or a SKU.'),
  categoryId: idSchema.optional().describe('A category of any level; its sub-categories count.'),
  status: z
    .enum(productStatusValues, { error: 'status must be draft, published or archived' })
    .optional(),
  stock: z
    .enum(stockStateValues, { error: 'stock must be in, low or out' })
    .optional()
    .describe(
      'out: no item for sale has stock; low: some has, none above its low-stock threshold; in: some item has more.',
    ),
  sort: z
    .enum(adminProductSortValues, { error: 'sort must be name, updated or price' })
    .default('updated'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
  ...adminPagingShape,
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;

export const adminProductRowSchema = z.object({
  id: idSchema,
  name: answerText(),
  slug: answerText(),
  status: z.enum(productStatusValues),
  /** Names from the top category down to the product's own. */
  categoryPath: z.array(answerText()),
  heroImage: answerText(),
  /** The default item's price before discount, in øre. */
  priceOre: z.number().int(),
  /** The stock of the items that are for sale (neither disabled nor archived). */
  totalStock: z.number().int(),
  itemCount: z.number().int(),
  updatedAt: answerText(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductListSchema = z.object({
  products: z.array(adminProductRowSchema),
  ...adminPageFields,
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

export const productRefSchema = z.object({ id: idSchema, name: answerText(), slug: answerText() });
export type ProductRef = z.infer<typeof productRefSchema>;
export const productLookupQuerySchema = z.object({
  q: text()
    .max(200, { error: 'q must be at most 200 characters' })
    .default('')
    .transform((q) => q.trim()),
});
export const productLookupSchema = z.array(productRefSchema);

export const adminProductInformationSchema = z.object({
  informationKey: answerText(),
  informationValue: answerText(),
});

export const adminProductItemSchema = z.object({
  id: idSchema,
  variants: z.record(answerText(), answerText()),
  sku: answerText(),
  priceOre: z.number().int(),
  discountPercent: z.number().int(),
  sellingPriceOre: z.number().int(),
  stock: z.number().int(),
  orderLimit: z.number().int(),
  weightGrams: z.number().int(),
  disabled: z.boolean(),
  /** When the item was archived (its option value removed while orders name it); null if live. */
  archivedAt: answerText().nullable(),
  lowStockThreshold: z.number().int().nullable(),
  heroImage: answerText().nullable(),
  gallery: z.array(answerText()),
  isDefault: z.boolean(),
});
export type AdminProductItem = z.infer<typeof adminProductItemSchema>;

/**
 * A product's English texts beside its bokmål ones (issue 31.5). The bokmål are the product's own
 * fields and required; an English one is '' (or []) where none is written, and the storefront's
 * English then shows the bokmål. The options translate the bokmål options by position, name by
 * name and value by value, so items keep naming the bokmål ones.
 */
export const adminProductEnglishSchema = z.object({
  name: answerText(),
  description: answerText(),
  information: z.array(adminProductInformationSchema),
  options: z.array(z.object({ name: answerText(), values: z.array(answerText()) })),
});
export type AdminProductEnglish = z.infer<typeof adminProductEnglishSchema>;

/** The texts a product has in both languages: those whose English falls back are listed. */
export const productEnglishFields = ['name', 'description', 'information', 'options'] as const;

export const adminProductSchema = z.object({
  id: idSchema,
  name: answerText(),
  slug: answerText(),
  status: z.enum(productStatusValues),
  /** The deepest category the product is in. */
  categoryId: idSchema,
  categoryPath: z.array(z.object({ id: idSchema, name: answerText() })),
  heroImage: answerText(),
  gallery: z.array(answerText()),
  /** Alt text by image path, of the family's pictures and its items' own. */
  imageAlts: z.record(answerText(), answerText()),
  description: answerText(),
  information: z.array(adminProductInformationSchema),
  /** The maker's brand; '' for none, and the feeds give the shop's name (own-brand goods). */
  brand: answerText(),
  /** The product's GTIN (EAN/UPC), 8 to 14 digits; '' for none. */
  gtin: answerText(),
  vatPercent: z.number().int(),
  weightGrams: z.number().int(),
  options: z.array(z.object({ name: answerText(), values: z.array(answerText()) })),
  /** Live items first in their order, then archived ones. */
  items: z.array(adminProductItemSchema),
  related: z.array(productRefSchema),
  en: adminProductEnglishSchema,
  /**
   * The texts whose English is missing, in whole or in part, so English pages show the bokmål:
   * what the back office marks as falling back.
   */
  englishFallbacks: z.array(z.enum(productEnglishFields)),
  version: z.number().int(),
  createdAt: answerText(),
  updatedAt: answerText(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const label = (max: number, required: string) =>
  text({ error: required })
    .transform((value) => value.trim())
    .pipe(
      text()
        .min(1, { error: required })
        .max(max, { error: `At most ${max} characters` }),
    );

const imagePath = text()
  .max(500, { error: 'An image path is at most 500 characters' })
  .regex(/^\/[^\s]*$/, { error: 'An image path starts with / (an uploaded image)' });

/** A product's main picture, or '' for a product without one (the editor sends it so). */
const heroImagePath = text()
  .max(500, { error: 'An image path is at most 500 characters' })
  .regex(/^(?:\/[^\s]*)?$/, { error: 'An image path starts with / (an uploaded image)' });

/** The longest alt text of a picture: a sentence, as screen readers read it in one go. */
export const MAX_IMAGE_ALT_LENGTH = 200;

const imageAlt = text()
  .transform((value) => value.trim())
  .pipe(
    text().max(MAX_IMAGE_ALT_LENGTH, {
      error: `An alt text is at most ${MAX_IMAGE_ALT_LENGTH} characters`,
    }),
  );

const wholeNumber = (message: string) => z.number({ error: message }).int({ error: message });

/** The highest price an item may have: prices are stored as 32-bit øre. */
const MAX_PRICE_ORE = 2_147_483_647;

export const productItemInputSchema = z.object({
  /** An existing item of the product; without it a new item is made. */
  id: idSchema.optional(),
  variants: z.record(text().max(100), text().max(100)).default({}),
  /** A new item without a SKU gets a generated one. */
  sku: text()
    .transform((sku) => sku.trim())
    .pipe(text().regex(/^[A-Za-z0-9._-]{1,64}$/, { error: adminProductMessages.skuFormat }))
    .optional(),
  priceOre: wholeNumber('Price must be a whole number of øre')
    .min(0, { error: adminProductMessages.priceMin })
    .max(MAX_PRICE_ORE, { error: adminProductMessages.priceMax }),
  discountPercent: wholeNumber(adminProductMessages.discountRange)
    .min(0, { error: adminProductMessages.discountRange })
    .max(100, { error: adminProductMessages.discountRange })
    .default(0),
  /** Only for a new item; an existing item's stock changes through stock adjustments. */
  stock: wholeNumber('Stock must be a whole number')
    .min(0, { error: adminProductMessages.stockMin })
    .max(1_000_000, { error: 'Stock must be at most 1 000 000' })
    .optional(),
  orderLimit: wholeNumber('Order limit must be a whole number')
    .min(1, { error: adminProductMessages.orderLimitMin })
    .max(10_000, { error: 'Order limit must be at most 10 000' })
    .default(10),
  /** The product's weight when not given. */
  weightGrams: wholeNumber('Weight must be a whole number of grams')
    .min(0, { error: adminProductMessages.weightMin })
    .max(1_000_000, { error: 'Weight must be at most 1 000 000 grams' })
    .optional(),
  disabled: z.boolean().default(false),
  lowStockThreshold: wholeNumber('Low-stock threshold must be a whole number')
    .min(0, { error: adminProductMessages.lowStockMin })
    .max(1_000_000)
    .nullable()
    .default(null),
  heroImage: imagePath.nullable().default(null),
  gallery: z.array(imagePath).max(30).default([]),
  /** The item a card and the page without a choice show; the first item for sale when none is. */
  isDefault: z.boolean().default(false),
});
export type ProductItemInput = z.input<typeof productItemInputSchema>;

export const productOptionInputSchema = z
  .object({
    name: label(50, adminProductMessages.optionNameRequired),
    values: z
      .array(label(50, adminProductMessages.optionValueRequired))
      .min(1, { error: adminProductMessages.optionNeedsValues })
      .max(50, { error: 'An option has at most 50 values' }),
  })
  .superRefine((option, ctx) => {
    const seen = new Set<string>();
    option.values.forEach((value, index) => {
      if (seen.has(value.toLowerCase()))
        ctx.addIssue({
          code: 'custom',
          path: ['values', index],
          message: adminProductMessages.optionValueTwice(option.name, value),
        });
      seen.add(value.toLowerCase());
    });
  });

const englishText = (max: number) =>
  text()
    .max(max, { error: `At most ${max} characters` })
    .transform((value) => value.trim());

/** The English texts of a save: '' (or []) where none is written. */
export const productEnglishInputSchema = z.object({
  name: englishText(200).default(''),
  description: freeText().max(50_000, { error: 'Description is too long' }).default(''),
  information: z
    .array(z.object({ informationKey: englishText(100), informationValue: englishText(500) }))
    .max(50, { error: 'At most 50 spec rows' })
    .default([]),
  /** By position of the bokmål options and their values. */
  options: z
    .array(
      z.object({
        name: englishText(50).default(''),
        values: z.array(englishText(50)).max(50).default([]),
      }),
    )
    .max(5, { error: 'At most 5 options' })
    .default([]),
});

export const productSaveRequestSchema = z
  .object({
    /** Bokmål, as are the description, information and options: the shop's required texts. */
    name: label(200, adminProductMessages.nameRequired),
    /** Set by hand; without it the slug follows the name. */
    slug: text()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: adminProductMessages.slugFormat })
      .max(100, { error: 'A slug is at most 100 characters' })
      .optional(),
    /** A category of any level; the product is listed under it and its parents. */
    categoryId: idSchema,
    /** HTML from the editor; the server keeps only the formatting a product page may show. */
    description: freeText().max(50_000, { error: 'Description is too long' }).default(''),
    /** Technical specs in the order shown. */
    information: z
      .array(
        z.object({
          informationKey: label(100, 'Each spec needs a name'),
          informationValue: text()
            .max(500, { error: 'At most 500 characters' })
            .transform((value) => value.trim()),
        }),
      )
      .max(50, { error: 'At most 50 spec rows' })
      .default([]),
    vatPercent: z.union(
      productVatRates.map((rate) => z.literal(rate)),
      { error: adminProductMessages.vat },
    ),
    /**
     * The maker's brand and the product's GTIN for the product feeds (issue 34.6); '' for none.
     * Absent keeps the product's (a CSV import does not carry them).
     */
    brand: brandSchema.optional(),
    gtin: gtinSchema.optional(),
    weightGrams: wholeNumber('Weight must be a whole number of grams')
      .min(0, { error: adminProductMessages.weightMin })
      .max(1_000_000, { error: 'Weight must be at most 1 000 000 grams' })
      .default(500),
    relatedIds: z.array(idSchema).max(20, { error: 'At most 20 related products' }).default([]),
    status: z
      .enum(productStatusValues, { error: 'status must be draft, published or archived' })
      .default('draft'),
    heroImage: heroImagePath.default(''),
    gallery: z.array(imagePath).max(30, { error: 'At most 30 images' }).default([]),
    /**
     * Alt text by image path of the family's and the items' pictures; an empty one is dropped,
     * as is one of a picture the product does not use. Absent keeps the product's alt texts
     * (a CSV import does not carry them).
     */
    imageAlts: z
      .record(imagePath, imageAlt, {
        error: 'Alt texts are given by image path (an uploaded image, starting with /)',
      })
      .optional(),
    options: z.array(productOptionInputSchema).max(5, { error: 'At most 5 options' }).default([]),
    items: z
      .array(productItemInputSchema)
      .min(1, { error: adminProductMessages.itemsRequired })
      .max(500, { error: 'At most 500 items' }),
    /**
     * The English texts beside the bokmål ones above (which are the required ones). Absent keeps
     * the product's English texts (an older client, a CSV without English columns).
     */
    en: productEnglishInputSchema.optional(),
    /** The version the product was loaded with; required when saving an existing product. */
    version: z.number().int().min(1).optional(),
  })
  .superRefine((product, ctx) => {
    const seen = new Set<string>();
    product.options.forEach((option, index) => {
      if (seen.has(option.name.toLowerCase()))
        ctx.addIssue({
          code: 'custom',
          path: ['options', index, 'name'],
          message: adminProductMessages.optionNameTwice(option.name),
        });
      seen.add(option.name.toLowerCase());
    });
  });
export type ProductSaveRequest = z.input<typeof productSaveRequestSchema>;
export type ProductSave = z.output<typeof productSaveRequestSchema>;

export const productIdParamsSchema = z.object({ id: idSchema });

/**
 * What a copy of a product is called (issue 34.3): its bokmål name with " (kopi)", its English
 * one, where written, with " (copy)", each cut so the copy's name still saves (200 at most).
 */
export const copyNameSuffix = { nb: ' (kopi)', en: ' (copy)' } as const;
export const copyName = (name: string, suffix: string, max = 200): string =>
  `${name.slice(0, max - suffix.length).trimEnd()}${suffix}`;

/** What a bulk action of the product list does to each chosen product (issue 34.3). */
export const productBulkActionValues = [
  'publish',
  'unpublish',
  'archive',
  'move',
  'discount',
] as const;
export type ProductBulkAction = (typeof productBulkActionValues)[number];

/** The most products one bulk action changes: eight pages of the list at 25. */
export const PRODUCT_BULK_MAX = 200;

const bulkIds = z
  .array(idSchema, { error: 'ids must be a list of product ids' })
  .min(1, { error: `ids must name 1 to ${PRODUCT_BULK_MAX} products` })
  .max(PRODUCT_BULK_MAX, { error: `ids must name 1 to ${PRODUCT_BULK_MAX} products` });

/**
 * A bulk action: the status actions set `status`, `move` places the products in a category of
 * any level (and its parents, as the editor does), `discount` sets every live item's discount.
 */
export const productBulkRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ ids: bulkIds, action: z.literal('publish') }),
    z.object({ ids: bulkIds, action: z.literal('unpublish') }),
    z.object({ ids: bulkIds, action: z.literal('archive') }),
    z.object({
      ids: bulkIds,
      action: z.literal('move'),
      categoryId: idSchema,
    }),
    z.object({
      ids: bulkIds,
      action: z.literal('discount'),
      discountPercent: wholeNumber(adminProductMessages.discountRange)
        .min(0, { error: adminProductMessages.discountRange })
        .max(100, { error: adminProductMessages.discountRange }),
    }),
  ],
  { error: 'action must be publish, unpublish, archive, move or discount' },
);
export type ProductBulkRequest = z.input<typeof productBulkRequestSchema>;

export const productBulkResultSchema = z.object({
  /** The products the action changed; one that already was so is not counted, nor changed. */
  changed: z.number().int(),
});
export type ProductBulkResult = z.infer<typeof productBulkResultSchema>;
