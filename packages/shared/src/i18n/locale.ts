/**
 * The shop's two languages (issue 31): Norwegian bokmål first, English beside it. Pages in
 * Norwegian live at `/…`, in English at `/en/…`; the API answers in the language a request
 * asks for and, asked for none, in the spec's English, so old clients read what they always did.
 */
export const locales = ['nb', 'en'] as const;
export type Locale = (typeof locales)[number];

/** The language of the storefront's unprefixed pages, of new staff and of content that must exist. */
export const shopLocale: Locale = 'nb';

/** The language of an API answer to a request that names none (API contract, "Language"). */
export const apiDefaultLocale: Locale = 'en';

/** The BCP 47 tag `Intl` formats each language with. */
export const intlLocaleOf: Record<Locale, string> = { nb: 'nb-NO', en: 'en-GB' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

const norwegianTags = new Set(['nb', 'no', 'nn']);

/**
 * The language an `Accept-Language` header prefers: bokmål when its most wanted language is
 * Norwegian (`nb`, `no` or `nn`, any region), English for anything else or no header.
 */
export function localeOfAcceptLanguage(header: string | undefined): Locale {
  if (!header) return apiDefaultLocale;
  let best: { tag: string; quality: number } | undefined;
  for (const part of header.split(',')) {
    const [range = '', ...parameters] = part.trim().split(';');
    const qualityText = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = qualityText === undefined ? 1 : Number(qualityText.slice(2));
    const tag = range.trim().toLowerCase().split('-')[0] ?? '';
    if (!tag || !Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { tag, quality };
  }
  return best && norwegianTags.has(best.tag) ? 'nb' : apiDefaultLocale;
}

/** The prefix of the English pages. */
export const englishPathPrefix = '/en';

/**
 * The language of a storefront path and the path within that language: `/en/cart` is the
 * English `/cart`, `/en` and `/en/` the English home, anything else Norwegian.
 */
export function localeOfPath(pathname: string): { locale: Locale; path: string } {
  if (pathname === englishPathPrefix || pathname.startsWith(`${englishPathPrefix}/`)) {
    return { locale: 'en', path: pathname.slice(englishPathPrefix.length) || '/' };
  }
  return { locale: shopLocale, path: pathname };
}

/** The address of a storefront path in a language: `/cart` in English is `/en/cart`. */
export function pathInLocale(locale: Locale, path: string): string {
  if (locale === shopLocale) return path;
  return path === '/' ? `${englishPathPrefix}/` : `${englishPathPrefix}${path}`;
}

/**
 * The cookie that remembers the language a shopper chose with the storefront's switch; it only
 * decides where a bare `/` leads, never the language of an address asked for.
 */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
