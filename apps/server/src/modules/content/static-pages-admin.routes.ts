import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminStaticPageSchema,
  adminStaticPagesSchema,
  staticPageParamsSchema,
  staticPageUpdateSchema,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { currentUser } from '../../auth/current-user.js';
import {
  getAdminStaticPage,
  listAdminStaticPages,
  restoreStaticPage,
  saveStaticPage,
} from './static-pages.service.js';

const customised =
  '`customised` is false while the storefront shows the default text, which follows the ' +
  'shop’s details; `updatedAt` and `updatedByEmail` say who saved it last (null then).';

/** The storefront's text pages in the back office: `/api/admin/pages`. */
export const staticPagesAdminRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/pages',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'The text pages (ours)',
        description: `About, the terms and the policies, with the storefront path each shows at. ${customised} ${audience.staff}`,
        response: { 200: adminStaticPagesSchema, ...adminErrors },
      },
    },
    async () => listAdminStaticPages(db),
  );

  app.get(
    '/admin/pages/:slug',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'One text page for the editor (ours)',
        description: `With its HTML. ${customised} ${audience.staff}`,
        params: staticPageParamsSchema,
        response: { 200: adminStaticPageSchema, ...adminErrors },
      },
    },
    async (request) => getAdminStaticPage(db, request.params.slug),
  );

  app.put(
    '/admin/pages/:slug',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Save a text page (ours)',
        description:
          'Audited. `html` is sanitised: scripts, event handlers, styles, frames and images go, ' +
          'links keep https, mailto or a path of the shop; headings are h2 (the sections, which ' +
          'About’s side list shows) and h3. A text without words is refused. `updatedAt` is the ' +
          'one the editor loaded, null when it showed the default: 409 when someone saved or ' +
          `restored the page since. ${audience.staff}`,
        params: staticPageParamsSchema,
        body: staticPageUpdateSchema,
        response: { 200: adminStaticPageSchema, ...adminErrors },
      },
    },
    async (request) =>
      saveStaticPage(db, currentUser(request), request.params.slug, request.body, app.clock()),
  );

  app.delete(
    '/admin/pages/:slug',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'Restore a text page’s default text (ours)',
        description: `Removes the saved page, so the storefront shows the default text again, written with the shop’s current details; answers it. Audited, with the removed text. ${audience.staff}`,
        params: staticPageParamsSchema,
        response: { 200: adminStaticPageSchema, ...adminErrors },
      },
    },
    async (request) => restoreStaticPage(db, currentUser(request), request.params.slug),
  );
};
