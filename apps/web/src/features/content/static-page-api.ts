import type { StaticPage, StaticPageSlug } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { api, clientQuery } from '../../lib/api.js';

/** The text pages as the staff last saved them, or their default text (issue 14). */
const staticPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    staticPage: build.query<StaticPage, StaticPageSlug>({
      queryFn: clientQuery((slug, signal) =>
        apiRequest(`/api/pages/${slug}`, (wire) => wire.staticPageSchema, { signal }),
      ),
    }),
  }),
});

export const { useStaticPageQuery } = staticPageApi;
