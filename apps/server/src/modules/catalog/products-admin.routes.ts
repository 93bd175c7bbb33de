import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE_MAX,
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductSchema,
  PRODUCT_BULK_MAX,
  productBulkRequestSchema,
  productBulkResultSchema,
  productIdParamsSchema,
  productLookupQuerySchema,
  productLookupSchema,
  productSaveRequestSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import {
  bulkUpdateProducts,
  createProduct,
  deleteProduct,
  duplicateProduct,
  type ProductSales,
  getAdminProduct,
  listAdminProducts,
  lookupProducts,
  updateProduct,
} from './products-admin.service.js';

const saveRules =
  'The items must be the matrix of the options: every combination of their values exactly ' +
  'once (a product without options has one item with `variants: {}`). One item is the default ' +
  '(the first enabled one unless `isDefault` chooses). Without `slug` the slug follows the name ' +
  '(made unique with -2, -3 …). The description is sanitised as the storefront shows it. 400 ' +
  'answers `fieldErrors` by dotted path (`items.2.sku`).';

const actorOf = (request: Parameters<typeof currentUser>[0]) => {
  const user = currentUser(request);
  return { id: user.id, email: user.email };
};

/** The back office's products: `/api/admin/products`. */
export const productsAdminRoutes: FastifyPluginAsync<{ sales: ProductSales }> = async (
  instance,
  { sales },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/products',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Products, searched, filtered and paged (ours)',
        description:
          '`q` matches the name, slug or a SKU; `categoryId` a category of any level with its ' +
          'sub-categories; `stock` looks at the items for sale. Sorted by `updated` (newest first), ' +
          `\`name\` or \`price\` (the default item's selling price); up to ${ADMIN_PAGE_SIZE_MAX} per page. ${audience.staff}`,
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListSchema, ...adminErrors },
      },
    },
    async (request) => listAdminProducts(db, request.query),
  );

  app.get(
    '/admin/products/lookup',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Products by name, for the related-products picker (ours)',
        description: `At most 10, names starting with \`q\` first. ${audience.staff}`,
        querystring: productLookupQuerySchema,
        response: { 200: productLookupSchema, ...adminErrors },
      },
    },
    async (request) => lookupProducts(db, request.query.q),
  );

  app.get(
    '/admin/products/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'One product with all its items (ours)',
        description: `Archived items (kept for their orders) come last. Send \`version\` back when saving. ${audience.staff}`,
        params: productIdParamsSchema,
        response: { 200: adminProductSchema, ...adminErrors },
      },
    },
    async (request) => getAdminProduct(db, request.params.id),
  );

  app.post(
    '/admin/products',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Create a product (ours)',
        description: `201 the product. New items start with their \`stock\` (0 if none). ${saveRules} ${audience.staff}`,
        body: productSaveRequestSchema,
        response: { 201: adminProductSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const product = await createProduct(db, actorOf(request), request.body);
      return reply.status(201).send(product);
    },
  );

  app.post(
    '/admin/products/:id/duplicate',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Copy a product as a new draft (ours)',
        description:
          '201 the copy: its texts in both languages with " (kopi)" / " (copy)" after the name, ' +
          'a slug of its own (-2, -3 … when taken), its category, options, specifications, ' +
          'pictures (the same paths), related products and live items with their prices, ' +
          'discounts and weights. Its items start with stock 0 and SKUs ending in -KOPI (-KOPI2 … ' +
          `when a copy has those), since SKUs are unique. 404 for an unknown product. ${audience.staff}`,
        params: productIdParamsSchema,
        response: { 201: adminProductSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const copy = await duplicateProduct(db, actorOf(request), request.params.id);
      return reply.status(201).send(copy);
    },
  );

  app.post(
    '/admin/products/bulk',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Publish, unpublish, archive, move or discount many products at once (ours)',
        description:
          `\`ids\` names 1 to ${PRODUCT_BULK_MAX} products. \`publish\`, \`unpublish\` (draft) and ` +
          '`archive` set the status; `move` places them in `categoryId` (a category of any ' +
          'level, with its parents); `discount` sets `discountPercent` on all their live items. ' +
          'All or nothing: 400 for an unknown product or category, and nothing changes. Answers ' +
          'how many products changed (one already so is left alone); each is audited and its ' +
          `version raised, so an editor open on it gets 409 on saving. ${audience.staff}`,
        body: productBulkRequestSchema,
        response: { 200: productBulkResultSchema, ...adminErrors },
      },
    },
    async (request) => bulkUpdateProducts(db, actorOf(request), request.body),
  );

  app.put(
    '/admin/products/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Save a product (ours)',
        description:
          '`version` must be the one the product was loaded with: 409 when someone saved it in ' +
          'between, and nothing is changed. Items are matched by `id` and keep their stock (an ' +
          "existing item's stock changes only through stock adjustments: 400 when it differs). " +
          'An item left out is deleted, or archived when an order names it. A changed slug ' +
          `keeps the old one as a redirect. ${saveRules} ${audience.staff}`,
        params: productIdParamsSchema,
        body: productSaveRequestSchema,
        response: { 200: adminProductSchema, ...adminErrors },
      },
    },
    async (request) => updateProduct(db, actorOf(request), request.params.id, request.body, sales),
  );

  app.delete(
    '/admin/products/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Delete a product nobody has ordered (ours)',
        description: `204 deleted. 409 when an order names it: archive it instead. ${audience.staff}`,
        params: productIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteProduct(db, actorOf(request), request.params.id, sales);
      return reply.status(204).send(null);
    },
  );
};
