import { z } from 'zod';
import { answerText } from './common.js';

/**
 * Previews of a product as shoppers would see it, draft or not (issue 34.4): staff ask the back
 * office for a link, which names a signed token that expires; the storefront page at that
 * address is never indexed nor cached.
 */

/** How long a preview link opens the page: a working session's length, not a lasting address. */
export const PREVIEW_LINK_MINUTES = 60;

/** The storefront's address of a preview, in the page's language like every storefront path. */
export const productPreviewPath = (token: string): string =>
  `/preview/${encodeURIComponent(token)}`;

/**
 * The API's address of the previewed product, in the shape of a product page's answer. Not under
 * `/api/products/`: there `preview` would shadow the calls of a product whose slug it is.
 */
export const productPreviewApiPath = (token: string): string =>
  `/api/previews/products/${encodeURIComponent(token)}`;

export const productPreviewMessages = {
  invalid:
    'This preview link is not valid or has expired. Open a new one from the product in the back office.',
} as const;

/** `POST /api/admin/products/:id/preview`: the link (a storefront path) and when it stops opening. */
export const productPreviewLinkSchema = z.object({
  path: answerText(),
  expiresAt: z.iso.datetime(),
});
export type ProductPreviewLink = z.infer<typeof productPreviewLinkSchema>;
