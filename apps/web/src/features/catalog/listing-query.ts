import { priceRangeProblem, type CategorySort } from '@shop/shared';
import type { CategoryListingArgs } from './catalog-api.js';
import type { ResolvedCategory } from './category-links.js';

/**
 * What a category listing shows, kept in its URL query (`?sort=&page=&min=&max=&sub=`) so that
 * Back, a reload and a shared link open the same listing. Min and max are the amounts the
 * shopper typed, in the currency shown; `sub` names the checked sub-categories by slug.
 */
export interface ListingQuery {
  sort: CategorySort;
  page: number;
  min: string;
  max: string;
  /** Undefined when the URL names none: the listing then checks the sub-category of its path. */
  subs: string[] | undefined;
}

const sorts: readonly CategorySort[] = ['lowToHigh', 'highToLow'];

const amount = (text: string | null) =>
  text !== null && /^\d+(\.\d+)?$/.test(text.trim()) ? text.trim() : '';

/** Reads a listing query; anything malformed falls back to the default. */
export function readListingQuery(params: URLSearchParams): ListingQuery {
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  const sub = params.get('sub');
  return {
    sort: sorts.find((candidate) => candidate === sort) ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    min: amount(params.get('min')),
    max: amount(params.get('max')),
    subs: sub === null ? undefined : sub.split(',').filter(Boolean),
  };
}

/** The `?…` of a listing, leaving out what is the default; empty when everything is. */
export function writeListingQuery(query: ListingQuery): string {
  const pairs: [string, string][] = [];
  if (query.sort) pairs.push(['sort', query.sort]);
  if (query.page > 1) pairs.push(['page', String(query.page)]);
  if (query.min) pairs.push(['min', query.min]);
  if (query.max) pairs.push(['max', query.max]);
  // Commas stay readable between the slugs.
  if (query.subs) pairs.push(['sub', query.subs.map(encodeURIComponent).join(',')]);
  return pairs.length === 0
    ? ''
    : `?${pairs.map(([name, value]) => `${name}=${name === 'sub' ? value : encodeURIComponent(value)}`).join('&')}`;
}

/** A typed price range in NOK, and why it cannot filter the listing, if it cannot. */
export interface PriceFilter {
  min: number;
  max: number;
  problem: ReturnType<typeof priceRangeProblem>;
}

/**
 * The amounts typed in the shopper's currency (`currencyValue` NOK each) as the NOK range the
 * API filters on (docs/decisions.md), checked with the API's own rule.
 */
export function priceFilterOf(min: string, max: string, currencyValue: number): PriceFilter {
  const toNok = (typed: string) =>
    typed === '' ? 0 : Math.round((Number(typed) / currencyValue) * 100) / 100;
  const range = { min: toNok(min), max: toNok(max) };
  return { ...range, problem: priceRangeProblem(range.min, range.max) };
}

/**
 * The listing call of a category page for its query, the same for the page and the server's
 * render of it (so the page finds the server's answer). The typed amounts are in the shopper's
 * currency, `currencyValue` NOK each; the API filters on NOK (docs/decisions.md).
 */
export function listingArgs(
  { category, sub, sub2 }: ResolvedCategory,
  query: ListingQuery,
  currencyValue: number,
): CategoryListingArgs {
  const subSlugs = query.subs ?? (sub ? [sub.slug] : []);
  // A range the API would refuse (a link typed by hand) lists without it; the page says why.
  const filter = priceFilterOf(query.min, query.max, currencyValue);
  const priceRange = filter.problem ? { min: 0, max: 0 } : filter;
  return {
    id: category._id,
    page: query.page,
    body: {
      id: category._id,
      sub: category.subCategory
        .filter((candidate) => subSlugs.includes(candidate.slug))
        .map((candidate) => ({ _id: candidate._id })),
      sub2: sub2 ? { _id: sub2._id, name: sub2.name } : null,
      min: priceRange.min,
      max: priceRange.max,
      sortby: query.sort,
      subfilter: [],
    },
  };
}
