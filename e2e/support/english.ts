import { pathInLocale } from '@shop/shared';

/**
 * The journeys read the spec's English words, which are the English pages' (issue 31): `en`
 * gives a storefront path's English address, `enUrl` a URL pattern of an English page.
 */
export const en = (path: string): string => pathInLocale('en', path);

/** `/\/cart$/` becomes `/\/en\/cart$/`; the home `/\/$/` matches `/en` and `/en/`. */
export function enUrl(pattern: RegExp): RegExp {
  const path = pattern.source.replace(/^\\?\//, '');
  return new RegExp(`\\/en${path === '$' ? '\\/?$' : `\\/${path}`}`, pattern.flags);
}
