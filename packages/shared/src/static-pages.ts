import { z } from 'zod';
import { answerText, freeText, text } from './common.js';

/** The storefront's text pages, edited in the back office's rich-text editor (issue 14). */

export const staticPageSlugs = [
  'about',
  'terms',
  'refund',
  'return',
  'privacy',
  'delivery',
] as const;
export type StaticPageSlug = (typeof staticPageSlugs)[number];

export const isStaticPageSlug = (value: string): value is StaticPageSlug =>
  (staticPageSlugs as readonly string[]).includes(value);

/** Where the storefront shows each page (spec §2). */
export const staticPagePaths: Record<StaticPageSlug, string> = {
  about: '/about',
  terms: '/terms-conditions',
  refund: '/refund',
  return: '/return',
  privacy: '/privacy',
  delivery: '/delivery-terms-conditions',
};

export const MAX_STATIC_PAGE_TITLE_LENGTH = 120;
/** Well above the longest default (about 6 000 characters); a page is text, not a book. */
export const MAX_STATIC_PAGE_HTML_LENGTH = 100_000;

/** What the page calls answer when they refuse. */
export const staticPageMessages = {
  notFound: 'Page not found',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${MAX_STATIC_PAGE_TITLE_LENGTH} characters`,
  htmlRequired: 'html is required: the page’s text as HTML',
  htmlTooLong: `The text is too long: at most ${MAX_STATIC_PAGE_HTML_LENGTH.toLocaleString('en')} characters of HTML`,
  empty:
    'The page has no text. Write its text, or use “Restore the default text” to show the shop’s default.',
  updatedAtRequired:
    'updatedAt is required: send the updatedAt the page was loaded with (null when it showed the default text), so no one’s change is overwritten',
  conflict:
    'This page was changed by someone else while you were editing. Reload it to see their changes.',
} as const;

const messages = staticPageMessages;

/** `GET /api/pages/{slug}`: the page as the storefront shows it. */
export const staticPageSchema = z.object({
  slug: z.enum(staticPageSlugs),
  title: answerText(),
  /** Sanitised by the server when saved (and the default is built from escaped details). */
  html: answerText(),
  /** When the owner last saved it; null while it is the default text. */
  updatedAt: answerText().nullable(),
});
export type StaticPage = z.infer<typeof staticPageSchema>;

/** A page in the back office's list. */
export const adminStaticPageSummarySchema = z.object({
  slug: z.enum(staticPageSlugs),
  /** Bokmål. */
  title: answerText(),
  /** English; '' where none is written, and English pages then show the bokmål. */
  titleEn: answerText(),
  /** The storefront path it shows at. */
  path: answerText(),
  /** False while the storefront shows the default text, which follows the shop's details. */
  customised: z.boolean(),
  updatedAt: answerText().nullable(),
  updatedByEmail: answerText().nullable(),
});
export type AdminStaticPageSummary = z.infer<typeof adminStaticPageSummarySchema>;

/** `GET /api/admin/pages`. */
export const adminStaticPagesSchema = z.object({ pages: z.array(adminStaticPageSummarySchema) });
export type AdminStaticPages = z.infer<typeof adminStaticPagesSchema>;

/** `GET /api/admin/pages/{slug}`: for the editor, with its text. */
export const adminStaticPageSchema = adminStaticPageSummarySchema.extend({
  html: answerText(),
  /** English; '' where none is written. */
  htmlEn: answerText(),
});
export type AdminStaticPage = z.infer<typeof adminStaticPageSchema>;

/** `PUT /api/admin/pages/{slug}`. */
export const staticPageUpdateSchema = z.object({
  title: text({ error: messages.titleRequired })
    .trim()
    .min(1, { error: messages.titleRequired })
    .max(MAX_STATIC_PAGE_TITLE_LENGTH, { error: messages.titleTooLong }),
  html: freeText({ error: messages.htmlRequired }).max(MAX_STATIC_PAGE_HTML_LENGTH, {
    error: messages.htmlTooLong,
  }),
  /**
   * The English page (issue 31.5): '' (or a text without words) where none is written, and
   * English pages then show the bokmål; absent keeps the English shown before.
   */
  titleEn: text({ error: messages.titleTooLong })
    .trim()
    .max(MAX_STATIC_PAGE_TITLE_LENGTH, { error: messages.titleTooLong })
    .optional(),
  htmlEn: freeText({ error: messages.htmlTooLong })
    .max(MAX_STATIC_PAGE_HTML_LENGTH, { error: messages.htmlTooLong })
    .optional(),
  /** The `updatedAt` the editor loaded: null when it showed the default text. */
  updatedAt: z.iso.datetime({ offset: true, error: messages.updatedAtRequired }).nullable(),
});
export type StaticPageUpdate = z.input<typeof staticPageUpdateSchema>;

/** `{slug}` of the page calls: any text, so an unknown page is a 404 rather than a 400. */
export const staticPageParamsSchema = z.object({ slug: text() });
