import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  optionSelectionSchema,
  PREVIEW_LINK_MINUTES,
  productDetailSchema,
  productIdParamsSchema,
  productPreviewLinkSchema,
  productPreviewMessages,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import { getProductPreview } from './catalog.service.js';
import { productDetailToWire } from './catalog.wire.js';
import {
  previewAnswerHeaders,
  productPreviewLink,
  type ProductPreviews,
  verifyProductPreview,
} from './product-preview.js';

/** Any text: a token that is not one of ours is answered as a link that no longer opens. */
const previewParamsSchema = z.object({ token: z.string() });

/**
 * Previews of a product as shoppers would see it, draft or not (issue 34.4): the back office asks
 * for a link, and the storefront page it opens reads the product through the link's token.
 */
export const productPreviewRoutes: FastifyPluginAsync<{ previews: ProductPreviews }> = async (
  instance,
  { previews },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/admin/products/:id/preview',
    {
      config: { showsShoppersNothingNew: true },
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: "A link to the product's storefront page, draft or not (ours)",
        description:
          '201 the storefront path of a preview (`/preview/{token}`) and when it stops opening: ' +
          `${PREVIEW_LINK_MINUTES} minutes on, or sooner when the staff member leaves the staff. ` +
          `The page is never cached nor indexed. 404 for an unknown product. ${audience.staff}`,
        params: productIdParamsSchema,
        response: { 201: productPreviewLinkSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const link = await productPreviewLink(db, previews.key, {
        productId: request.params.id,
        staffId: currentUser(request).id,
      });
      return reply.status(201).send(link);
    },
  );

  app.get(
    '/previews/products/:token',
    {
      onRequest: async (_request, reply) => {
        reply.headers(previewAnswerHeaders);
      },
      schema: {
        tags: ['Catalogue'],
        summary: 'A product page through a preview link, whatever its status (ours)',
        description:
          'The token of a preview link (`POST /api/admin/products/{id}/preview`) is the ' +
          'authority: the product in the shape and language of `GET /api/products/{slug}/slug`, ' +
          'draft, published or archived, with the same option query. Every answer carries ' +
          '`Cache-Control: no-store` and `X-Robots-Tag: noindex, nofollow`. 404 with ' +
          '`{message}` for a bad, altered or expired token, the token of someone no longer on ' +
          'the staff, or of a deleted product.',
        params: previewParamsSchema,
        querystring: optionSelectionSchema,
        response: { 200: productDetailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const claims = await verifyProductPreview(previews.key, request.params.token);
      const detail =
        claims && (await previews.isStaff(claims.staffId))
          ? await getProductPreview(db, claims.productId, request.query, request.locale)
          : undefined;
      if (!detail) return reply.status(404).send({ message: productPreviewMessages.invalid });
      return productDetailToWire(detail);
    },
  );
};
