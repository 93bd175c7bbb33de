import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategoriesSchema,
  adminCategorySchema,
  createCategoryRequestSchema,
  idSchema,
  moveCategoryRequestSchema,
  reorderCategoriesRequestSchema,
  updateCategoryRequestSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  moveCategory,
  reorderCategories,
  updateCategory,
} from './categories-admin.service.js';

const params = z.object({ id: idSchema });

/** The back office's category tree: `/api/admin/categories`. */
export const categoriesAdminRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/categories',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'The category tree (ours)',
        description:
          'Every category, hidden ones included, flat and depth first (each category followed ' +
          'by its sub-categories, each level by position), with `productCount` (products whose ' +
          `deepest category it is) and \`totalProductCount\` (with its sub-categories). ${audience.staff}`,
        response: { 200: adminCategoriesSchema, ...adminErrors },
      },
    },
    async () => listAdminCategories(db),
  );

  app.post(
    '/admin/categories',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Create a category (ours)',
        description:
          'At the end of its parent (the top level when `parentId` is null). Without `slug` the ' +
          'slug follows the name (with -2, -3 … when taken); a slug of its own is kept on ' +
          `renames. 400 for a parent at the third level; 409 for a slug in use. ${audience.staff}`,
        body: createCategoryRequestSchema,
        response: { 201: adminCategorySchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const category = await createCategory(db, currentUser(request), request.body);
      return reply.status(201).send(category);
    },
  );

  app.put(
    '/admin/categories/order',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Reorder the sub-categories of one parent (ours)',
        description:
          '`ids` are every child of `parentId` (null: the top-level categories) in the new ' +
          `order; 400 unless they are exactly those. Answers the whole tree. ${audience.staff}`,
        body: reorderCategoriesRequestSchema,
        response: { 200: adminCategoriesSchema, ...adminErrors },
      },
    },
    async (request) => reorderCategories(db, currentUser(request), request.body),
  );

  app.patch(
    '/admin/categories/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Rename, re-slug, hide or show a category, or change its image (ours)',
        description:
          'A new name moves an unlocked slug along; a `slug` given by hand locks it, and ' +
          '`slugLocked: false` lets it follow the name again. Every slug left behind answers ' +
          '301 to the current one on the storefront (`/category/{old}`). A hidden category, ' +
          'its sub-categories and their products leave the storefront. `image` is a path ' +
          '`POST /api/admin/images?folder=categories` answered (400 for any other), or empty ' +
          `to remove it. 409 for a slug in use. ${audience.staff}`,
        params,
        body: updateCategoryRequestSchema,
        response: { 200: adminCategorySchema, ...adminErrors },
      },
    },
    async (request) => updateCategory(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/admin/categories/:id/move',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Move a category to another parent (ours)',
        description:
          'With its sub-categories, to `position` among the new siblings (at the end without ' +
          'it); its products get the new category path. 400 when the tree would be deeper than ' +
          `three levels, or for a move under itself or its own sub-category. Answers the whole tree. ${audience.staff}`,
        params,
        body: moveCategoryRequestSchema,
        response: { 200: adminCategoriesSchema, ...adminErrors },
      },
    },
    async (request) => moveCategory(db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/categories/:id',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Delete an empty category (ours)',
        description:
          'With its sub-categories. 409, saying how many, while any product is in it or in a ' +
          `sub-category. ${audience.staff}`,
        params,
        response: { 204: z.null().describe('Deleted'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteCategory(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
