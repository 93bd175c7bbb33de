import { z } from 'zod';
import { answerText, idSchema, imagePathSchema, text } from './common.js';

/** The home page's slides and campaign banners in the back office (issue 14). */

export const MAX_CONTENT_ALT_LENGTH = 200;
export const MAX_CAMPAIGN_TITLE_LENGTH = 120;
export const MAX_CONTENT_URL_LENGTH = 500;
/** A banner shows its products as a row of cards; more than this is a category page's job. */
export const MAX_CAMPAIGN_PRODUCTS = 24;

export const contentLinkKindValues = ['product', 'category', 'url'] as const;
export type ContentLinkKind = (typeof contentLinkKindValues)[number];

/**
 * Where a slide or banner stands on the storefront at the server's clock: shown now, waiting
 * for its start, past its end, or hidden by hand (whatever its dates say).
 */
export const contentStates = ['current', 'scheduled', 'ended', 'hidden'] as const;
export type ContentState = (typeof contentStates)[number];

/** What the back office's slide and campaign calls answer when they refuse. */
export const contentAdminMessages = {
  imageRequired: 'Upload an image',
  imageFormat: 'The image is the path of an uploaded image',
  imageNotUploaded: (folder: 'carousel' | 'campaigns') =>
    `This image was not uploaded for ${folder === 'carousel' ? 'slides' : 'campaigns'}: upload it here`,
  altRequired: 'Alt text is required: say what the image shows',
  altTooLong: `Alt text must be at most ${MAX_CONTENT_ALT_LENGTH} characters`,
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${MAX_CAMPAIGN_TITLE_LENGTH} characters`,
  linkKind: 'Choose what it links to: a product, a category or a web address',
  productRequired: 'Choose the product it links to',
  productNotFound: 'That product does not exist',
  categoryRequired: 'Choose the category it links to',
  categoryNotFound: 'That category does not exist',
  urlRequired: 'Give the web address it links to',
  urlFormat:
    'A web address starts with https:// or is a page of this shop starting with /, such as /cleaning',
  urlTooLong: `A web address must be at most ${MAX_CONTENT_URL_LENGTH} characters`,
  dateFormat: 'Give a date and time, such as 2026-05-01T08:00:00+02:00',
  scheduleOrder: 'The end must be after the start',
  hidden: 'hidden must be true or false',
  slideNotFound: 'Slide not found',
  campaignNotFound: 'Campaign not found',
  reorderMismatch: (what: 'slide' | 'campaign') => `ids must list every ${what} exactly once`,
  idsFormat: 'ids must be a list of ids in the new order',
  duplicateIds: 'ids must not repeat an entry',
  productsFormat: 'productIds must be a list of product ids',
  tooManyProducts: `A campaign shows at most ${MAX_CAMPAIGN_PRODUCTS} products`,
  duplicateProducts: 'A product is in the list twice',
  productsNotFound: (count: number) =>
    count === 1 ? 'One of the products does not exist' : `${count} of the products do not exist`,
} as const;

const messages = contentAdminMessages;

/**
 * A link of one's own: an https address elsewhere, or a path of this shop. Anything else
 * (javascript:, data:, http:, a protocol-relative //host, a backslash browsers read as a slash)
 * is refused, since the storefront puts it in an href.
 */
export function isContentUrl(value: string): boolean {
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  // A host name (no user name: `https://shop.no@evil.example` misleads), an optional port.
  return /^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(value);
}

const imageField = text({ error: messages.imageRequired })
  .min(1, { error: messages.imageRequired })
  .max(500, { error: messages.imageFormat })
  .regex(/^\/\S+$/, { error: messages.imageFormat });

const moment = z.iso
  .datetime({ offset: true, error: messages.dateFormat })
  .nullish()
  .transform((value) => value ?? null);

const linkFields = {
  linkKind: z.enum(contentLinkKindValues, { error: messages.linkKind }),
  linkProductId: idSchema.nullish().transform((id) => id ?? null),
  linkCategoryId: idSchema.nullish().transform((id) => id ?? null),
  linkUrl: text({ error: messages.urlFormat })
    .trim()
    .max(MAX_CONTENT_URL_LENGTH, { error: messages.urlTooLong })
    .default(''),
};

const scheduleFields = {
  /** From this moment on; shown at once when absent or null. */
  visibleFrom: moment,
  /** Until just before this moment; shown with no end when absent or null. */
  visibleTo: moment,
  hidden: z.boolean({ error: messages.hidden }).default(false),
};

interface LinkAndSchedule {
  linkKind: ContentLinkKind;
  linkProductId: string | null;
  linkCategoryId: string | null;
  linkUrl: string;
  visibleFrom: string | null;
  visibleTo: string | null;
}

/** The rules across fields: the link its kind needs, and an end after the start. */
function checkLinkAndSchedule(body: LinkAndSchedule, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (body.linkKind === 'product' && body.linkProductId === null)
    issue('linkProductId', messages.productRequired);
  if (body.linkKind === 'category' && body.linkCategoryId === null)
    issue('linkCategoryId', messages.categoryRequired);
  if (body.linkKind === 'url') {
    if (body.linkUrl === '') issue('linkUrl', messages.urlRequired);
    else if (!isContentUrl(body.linkUrl)) issue('linkUrl', messages.urlFormat);
  }
  if (
    body.visibleFrom !== null &&
    body.visibleTo !== null &&
    Date.parse(body.visibleTo) <= Date.parse(body.visibleFrom)
  )
    issue('visibleTo', messages.scheduleOrder);
}

export const contentAltSchema = text({ error: messages.altRequired })
  .trim()
  .min(1, { error: messages.altRequired })
  .max(MAX_CONTENT_ALT_LENGTH, { error: messages.altTooLong });

export const campaignTitleSchema = text({ error: messages.titleRequired })
  .trim()
  .min(1, { error: messages.titleRequired })
  .max(MAX_CAMPAIGN_TITLE_LENGTH, { error: messages.titleTooLong });

/**
 * An English twin of a bokmål text (issue 31.5): '' where none is written, and English pages
 * then show the bokmål. Absent on an edit keeps the English saved before.
 */
export const englishTwin = (max: number, tooLong: string) =>
  text({ error: tooLong })
    .transform((value) => value.trim())
    .pipe(text().max(max, { error: tooLong }))
    .optional();

/**
 * A slide as the back office saves it, whole (create and edit alike). Only the link field of
 * its kind is kept; the others are ignored.
 */
export const slideRequestSchema = z
  .object({
    /** A path `POST /api/admin/images?folder=carousel` answered. */
    image: imageField,
    /** Bokmål, required. */
    alt: contentAltSchema,
    altEn: englishTwin(MAX_CONTENT_ALT_LENGTH, messages.altTooLong),
    ...linkFields,
    ...scheduleFields,
  })
  .superRefine(checkLinkAndSchedule);
export type SlideRequest = z.input<typeof slideRequestSchema>;
export type SlideInput = z.output<typeof slideRequestSchema>;

/** A campaign banner as the back office saves it, whole, with its products in their order. */
export const campaignRequestSchema = z
  .object({
    /** Bokmål, required. */
    title: campaignTitleSchema,
    titleEn: englishTwin(MAX_CAMPAIGN_TITLE_LENGTH, messages.titleTooLong),
    /** A path `POST /api/admin/images?folder=campaigns` answered. */
    image: imageField,
    ...linkFields,
    ...scheduleFields,
    productIds: z
      .array(idSchema, { error: messages.productsFormat })
      .max(MAX_CAMPAIGN_PRODUCTS, { error: messages.tooManyProducts })
      .refine((ids) => new Set(ids).size === ids.length, { error: messages.duplicateProducts })
      .default([]),
  })
  .superRefine(checkLinkAndSchedule);
export type CampaignRequest = z.input<typeof campaignRequestSchema>;
export type CampaignInput = z.output<typeof campaignRequestSchema>;

/** Hide or show one slide or banner from the list, without sending the rest. */
export const contentVisibilityRequestSchema = z.object({
  hidden: z.boolean({ error: messages.hidden }),
});
export type ContentVisibilityRequest = z.input<typeof contentVisibilityRequestSchema>;

/** A drag-and-drop reorder: every slide (or every campaign) in the new order. */
export const contentOrderRequestSchema = z.object({
  ids: z
    .array(idSchema, { error: messages.idsFormat })
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { error: messages.duplicateIds }),
});
export type ContentOrderRequest = z.input<typeof contentOrderRequestSchema>;

const adminContentFields = {
  id: idSchema,
  image: imagePathSchema,
  linkKind: z.enum(contentLinkKindValues),
  linkProductId: idSchema.nullable(),
  linkCategoryId: idSchema.nullable(),
  /** The address of a `url` link; empty for the other kinds. */
  linkUrl: answerText(),
  /** What it links to as staff read it: the product's or category's name, or the address. */
  linkLabel: answerText(),
  /**
   * The path or address the storefront links to now; null while its product or category is
   * gone or off the storefront, and then the storefront leaves it out.
   */
  linkPath: answerText().nullable(),
  visibleFrom: z.iso.datetime({ offset: true }).nullable(),
  visibleTo: z.iso.datetime({ offset: true }).nullable(),
  hidden: z.boolean(),
  state: z.enum(contentStates),
  position: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
};

export const adminSlideSchema = z.object({
  ...adminContentFields,
  /** Bokmål. */
  alt: answerText(),
  /** English; '' where none is written, and English pages then show the bokmål. */
  altEn: answerText(),
});
export type AdminSlide = z.infer<typeof adminSlideSchema>;
export const adminSlidesSchema = z.object({ slides: z.array(adminSlideSchema) });
export type AdminSlides = z.infer<typeof adminSlidesSchema>;

export const adminCampaignSchema = z.object({
  ...adminContentFields,
  /** Bokmål. */
  title: answerText(),
  /** English; '' where none is written, and English pages then show the bokmål. */
  titleEn: answerText(),
  /** In the banner's order; a product that is off the storefront is listed but not shown. */
  products: z.array(z.object({ id: idSchema, name: answerText(), onSale: z.boolean() })),
});
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;
export const adminCampaignsSchema = z.object({ campaigns: z.array(adminCampaignSchema) });
export type AdminCampaigns = z.infer<typeof adminCampaignsSchema>;
