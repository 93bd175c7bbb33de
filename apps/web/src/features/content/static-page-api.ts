import type { StaticPage, StaticPageSlug } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { api, clientQuery } from '../../lib/api.js';
import {
  absoluteImage,
  answerOf,
  describe,
  notFoundHead,
  pageTitle,
  SHOP_IMAGE,
  type PageHead,
  type PageRequest,
} from '../../lib/server-page.js';
import { translator } from '../../lib/i18n.js';
import type { ContentKey } from './content-i18n.js';

/** The text pages as the staff last saved them, or their default text (issue 14). */
export const staticPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    staticPage: build.query<StaticPage, StaticPageSlug>({
      queryFn: clientQuery((slug, signal) =>
        apiRequest(`/api/pages/${slug}`, (wire) => wire.staticPageSchema, { signal }),
      ),
    }),
  }),
});

export const { useStaticPageQuery } = staticPageApi;

/**
 * The server's render of a text page (issue 15): its text fetched, its title and description,
 * which is the page's title and the shop's name unless `summary` finds words of the text's own.
 */
export function staticPageLoader(
  slug: StaticPageSlug,
  path: string,
  summary?: (page: StaticPage) => string,
) {
  return async ({ dispatch, shop, origin, i18n }: PageRequest): Promise<PageHead> => {
    const t = translator<ContentKey>(i18n);
    const page = answerOf(await dispatch(staticPageApi.endpoints.staticPage.initiate(slug)));
    if (!page) return notFoundHead(shop, path);
    return {
      title: pageTitle(page.title, shop),
      description: describe(
        summary?.(page).trim() ||
          t('content.page.description', { title: page.title, shop: shop.name }),
      ),
      canonicalPath: path,
      // A text page has no picture of its own: its link preview shows the shop's.
      image: absoluteImage(origin, SHOP_IMAGE),
    };
  };
}
