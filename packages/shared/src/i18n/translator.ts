import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type sharedEnglish from './catalogs/en.json';
import type { Locale } from './locale.js';

/**
 * The one i18n library of the shop is Lingui (docs/decisions.md, "Languages"): ICU messages
 * with plurals and selects, kept in a JSON catalogue per language and part of the shop, by key.
 * The browser builds get catalogues compiled at build time (`scripts/compiled-catalogs.ts`),
 * so no message parser ships; the server compiles them as it loads them.
 */
export type { I18n, Messages };

/**
 * A key of the shared catalogue: words every part uses, and the rule messages the storefront
 * shows, keyed by the spec's English. The back office's rule messages are in `admin.*.json`,
 * so the storefront's first load does not carry them.
 */
export type SharedMessageKey = keyof typeof sharedEnglish;

/** Values put into a message's `{placeholders}`. */
export type MessageValues = Record<string, string | number | Date | undefined>;

/** An i18n instance for one language holding the given catalogues, later ones winning. */
export function i18nFor(locale: Locale, ...catalogues: Messages[]): I18n {
  return setupI18n({ locale, messages: { [locale]: Object.assign({}, ...catalogues) } });
}
