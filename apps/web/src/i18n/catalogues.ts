import { i18nFor, type I18n, type Locale, type Messages } from '@shop/shared';

/**
 * Every catalogue of the storefront in one language, compiled at build time
 * (`scripts/compiled-catalogs.ts`): each language is one chunk, so a page loads only its own.
 */
const loaders: Record<Locale, () => Promise<{ default: Messages[] }>> = {
  nb: () => import('./nb.js'),
  en: () => import('./en.js'),
};

/** The storefront's words in a language, ready to render with. */
export async function loadLanguage(locale: Locale): Promise<I18n> {
  return i18nFor(locale, ...(await loaders[locale]()).default);
}
