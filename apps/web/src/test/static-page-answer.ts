import {
  defaultStaticPage,
  type ShopDetails,
  type StaticPage,
  type StaticPageSlug,
} from '@shop/shared';
import { servedShop } from './shop-details-answer.js';

/**
 * The `GET /api/pages/{slug}` answer for `stubFetch`: the server's default text for `shop` (the
 * demo shop unless given), with `changes` over it, such as a text the staff saved.
 */
export function staticPageAnswer(
  slug: StaticPageSlug,
  { shop = servedShop, ...changes }: { shop?: ShopDetails } & Partial<StaticPage> = {},
) {
  const page: StaticPage = { slug, ...defaultStaticPage(slug, shop), updatedAt: null, ...changes };
  return { [`GET /api/pages/${slug}`]: page };
}

/** Every page's default answer, as a fresh install's server gives them. */
export const defaultPageAnswers = (shop: ShopDetails = servedShop) =>
  Object.assign(
    {},
    ...(['about', 'terms', 'refund', 'return', 'privacy', 'delivery'] as const).map((slug) =>
      staticPageAnswer(slug, { shop }),
    ),
  ) as Record<string, StaticPage>;
