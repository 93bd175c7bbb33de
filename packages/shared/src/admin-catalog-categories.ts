import { z } from 'zod';
import { answerText, idSchema, imagePathSchema, text } from './common.js';

/** The tree has three levels: a category, its sub-categories and their second-level ones. */
export const MAX_CATEGORY_DEPTH = 3;
export const MAX_CATEGORY_NAME_LENGTH = 80;
export const MAX_SLUG_LENGTH = 100;

const pluralProducts = (count: number) => `${count} product${count === 1 ? '' : 's'}`;

/** What the back office's category calls answer when they refuse; the admin app shows them. */
export const categoryAdminMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_CATEGORY_NAME_LENGTH} characters`,
  slugFormat:
    'Slug may contain only lowercase letters a-z, digits and single dashes between them, such as raw-honey',
  slugTooLong: `Slug must be at most ${MAX_SLUG_LENGTH} characters`,
  slugAndUnlock: 'Give either a slug of your own or slugLocked: false, not both',
  nothingToChange: 'Give at least one of name, slug, slugLocked, hidden or image',
  imageFormat: 'An image is the path of an uploaded image, or empty for none',
  imageNotUploaded: 'This image was not uploaded to the shop: upload it first',
  slugTaken: (slug: string) => `The slug "${slug}" is already used by another category`,
  notFound: 'Category not found',
  parentNotFound: 'The parent category does not exist',
  underItself: 'A category cannot be moved under itself or one of its sub-categories',
  tooDeep: `Categories go at most ${MAX_CATEGORY_DEPTH} levels deep: there is no room for this category and its sub-categories there`,
  reorderMismatch: 'ids must list every sub-category of that parent exactly once',
  duplicateIds: 'ids must not repeat a category',
  position: 'position must be 0 or more',
  /** Deletion is refused while products are in the category or under it. */
  stillHasProducts: (direct: number, total: number) =>
    direct === total
      ? `This category still has ${pluralProducts(total)}. Move or delete them first.`
      : direct === 0
        ? `Its sub-categories still have ${pluralProducts(total)}. Move or delete them first.`
        : `This category and its sub-categories still have ${pluralProducts(total)}. Move or delete them first.`,
} as const;

const transliterations: Record<string, string> = {
  æ: 'ae',
  ø: 'o',
  å: 'a',
  ß: 'ss',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
};

/**
 * The slug a name gives: lowercase a-z and digits with single dashes, Norwegian letters spelt
 * out (Blåbær → blabaer) and other accents dropped; `fallback` for a name with no such letter.
 */
export function slugFromName(name: string, fallback: string, maxLength = MAX_SLUG_LENGTH): string {
  const slug = name
    .toLowerCase()
    .replace(/[æøåßœđðłþ]/g, (letter) => transliterations[letter] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

export const categoryNameSchema = text({ error: categoryAdminMessages.nameRequired })
  .trim()
  .min(1, { error: categoryAdminMessages.nameRequired })
  .max(MAX_CATEGORY_NAME_LENGTH, { error: categoryAdminMessages.nameTooLong });

export const categorySlugSchema = text({ error: categoryAdminMessages.slugFormat })
  .max(MAX_SLUG_LENGTH, { error: categoryAdminMessages.slugTooLong })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: categoryAdminMessages.slugFormat });

/**
 * One category of `GET /api/admin/categories`. `productCount` counts the products whose
 * deepest category is this one; `totalProductCount` adds those of its sub-categories.
 */
export const adminCategorySchema = z.object({
  id: idSchema,
  parentId: idSchema.nullable(),
  /** 1 for a category, 2 for a sub-category, 3 for a second-level one. */
  level: z.number().int(),
  /** Bokmål, required. */
  name: answerText(),
  /** English; '' where none is written, and English pages then show the bokmål name. */
  nameEn: answerText(),
  /** The texts whose English falls back to the bokmål: what the back office marks. */
  englishFallbacks: z.array(z.enum(['name'])),
  slug: answerText(),
  /** The slug was set by hand and stays when the category is renamed. */
  slugLocked: z.boolean(),
  image: imagePathSchema,
  position: z.number().int(),
  /** Off the storefront, with its sub-categories. */
  hidden: z.boolean(),
  productCount: z.number().int(),
  totalProductCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** The whole tree, flat and depth first: each category is followed by its sub-categories. */
export const adminCategoriesSchema = z.object({ categories: z.array(adminCategorySchema) });
export type AdminCategories = z.infer<typeof adminCategoriesSchema>;

const parentIdSchema = idSchema
  .nullish()
  .transform((id) => id ?? null)
  .describe('The parent category; null or absent for a top-level category.');

/** A category's English name: '' (or absent) where none is written. */
const categoryEnglishNameSchema = text()
  .transform((value) => value.trim())
  .pipe(text().max(MAX_CATEGORY_NAME_LENGTH, { error: categoryAdminMessages.nameTooLong }));

export const createCategoryRequestSchema = z.object({
  /** Bokmål, required. */
  name: categoryNameSchema,
  nameEn: categoryEnglishNameSchema.optional(),
  parentId: parentIdSchema,
  /** A slug of one's own, kept on renames; without it the slug follows the name. */
  slug: categorySlugSchema.optional(),
});
export type CreateCategoryRequest = z.input<typeof createCategoryRequestSchema>;

/**
 * A change of some fields. A slug given by hand locks it; `slugLocked: false` makes it follow
 * the name again (at once).
 */
export const updateCategoryRequestSchema = z
  .object({
    name: categoryNameSchema.optional(),
    /** '' removes the English name. */
    nameEn: categoryEnglishNameSchema.optional(),
    slug: categorySlugSchema.optional(),
    slugLocked: z.boolean({ error: 'slugLocked must be true or false' }).optional(),
    hidden: z.boolean({ error: 'hidden must be true or false' }).optional(),
    /** The path `POST /api/admin/images?folder=categories` answered; empty removes the image. */
    image: text({ error: categoryAdminMessages.imageFormat })
      .max(500, { error: categoryAdminMessages.imageFormat })
      .regex(/^(?:\/\S*)?$/, { error: categoryAdminMessages.imageFormat })
      .optional(),
  })
  .refine((body) => !(body.slug !== undefined && body.slugLocked === false), {
    error: categoryAdminMessages.slugAndUnlock,
    path: ['slugLocked'],
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: categoryAdminMessages.nothingToChange,
  });
export type UpdateCategoryRequest = z.input<typeof updateCategoryRequestSchema>;

export const moveCategoryRequestSchema = z.object({
  parentId: parentIdSchema,
  /** The place among the new siblings, from 0; at the end when absent or past the end. */
  position: z
    .number({ error: categoryAdminMessages.position })
    .int({ error: categoryAdminMessages.position })
    .min(0, { error: categoryAdminMessages.position })
    .optional(),
});
export type MoveCategoryRequest = z.input<typeof moveCategoryRequestSchema>;

/** A drag-and-drop reorder: every child of one parent (null: the top level), in the new order. */
export const reorderCategoriesRequestSchema = z.object({
  parentId: parentIdSchema,
  ids: z
    .array(idSchema, { error: categoryAdminMessages.reorderMismatch })
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, {
      error: categoryAdminMessages.duplicateIds,
    }),
});
export type ReorderCategoriesRequest = z.input<typeof reorderCategoriesRequestSchema>;
