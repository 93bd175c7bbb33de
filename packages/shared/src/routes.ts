import { localeOfPath } from './i18n/locale.js';

/**
 * The storefront's routes (spec §2). The web router declares exactly these, and the server
 * answers them with the storefront's page; any other path gets the page with status 404.
 */
export const storefrontRoutePatterns = [
  '/',
  '/category/:slug',
  '/product/:slug',
  '/preview/:token',
  '/verify/:id/:token',
  '/forgot-password',
  '/forgot-password/:token',
  '/login',
  '/cart',
  '/cart/buy-now',
  '/shipping',
  '/shipping/buy-now',
  '/checkout',
  '/checkout/buy-now',
  '/checkout/vipps',
  '/account',
  '/orders',
  '/reviews',
  '/cleaning',
  '/about',
  '/delivery-terms-conditions',
  '/terms-conditions',
  '/refund',
  '/return',
  '/privacy',
  '/search',
  '/mobcat',
  '/more',
] as const;

const matchers = storefrontRoutePatterns.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}/?$`),
);

/** Whether a path (without query) is one of the storefront's routes, in either language. */
export function isStorefrontRoute(path: string): boolean {
  const withinLanguage = localeOfPath(path).path;
  return matchers.some((matcher) => matcher.test(withinLanguage));
}
