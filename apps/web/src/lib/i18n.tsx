import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { i18n as englishInTests, type I18n } from '@lingui/core';
import { TransNoContext } from '@lingui/react/server';
import {
  translateText,
  type Locale,
  type MessageValues,
  type SharedMessageKey,
} from '@shop/shared';

/**
 * The storefront's words (issue 31): each part keeps its catalogue in an `i18n/` folder beside
 * it and gets a translator typed by that catalogue's keys, so an unknown key does not compile.
 * The page's language comes from its address (`/en/…` English, else Norwegian) and is given to
 * the tree by `LanguageProvider`; the catalogue of one language is one chunk, loaded before the
 * first render.
 */

/**
 * Without a provider, the tests' English: the test setup loads the English catalogues into
 * Lingui's default instance. The shop itself always renders inside `LanguageProvider`.
 */
const LanguageContext = createContext<I18n>(englishInTests);

export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <LanguageContext.Provider value={i18n}>{children}</LanguageContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(LanguageContext);
}

/** The page's language. */
export function useLocale(): Locale {
  return useI18n().locale as Locale;
}

/** Puts a message's values in, for code outside components (thunks, page heads). */
export type Translate<Key extends string> = (
  key: Key | SharedMessageKey,
  values?: MessageValues,
) => string;

export function translator<Key extends string>(i18n: I18n): Translate<Key> {
  return (key, values) => i18n._(key, values);
}

/**
 * A part's translator hook, typed by its catalogue: in `features/cart/cart-i18n.ts`,
 * `export const useCartText = translatorHook<keyof typeof en>()` with `en` its `en.json`.
 */
export function translatorHook<Key extends string>(): () => Translate<Key> {
  return function useTranslate() {
    const i18n = useI18n();
    return useCallback<Translate<Key>>((key, values) => i18n._(key, values), [i18n]);
  };
}

/**
 * A message that arrives as English text (a form rule's, a cart's stock message, an old
 * server's) in the page's language, through the shared catalogue that keys it by that text.
 */
export function useMessage(): (message: string) => string {
  const i18n = useI18n();
  return useCallback((message: string) => translateText(i18n, message), [i18n]);
}

/**
 * A message with markup in it, such as a link inside a sentence: `<0>…</0>` in the catalogue,
 * the element in `components`, so no sentence is glued from pieces.
 */
export function RichText<Key extends string>(props: {
  id: Key;
  values?: MessageValues;
  components: Record<string, ReactNode>;
}) {
  const i18n = useI18n();
  return (
    <TransNoContext
      id={props.id}
      values={props.values}
      components={props.components}
      lingui={{ i18n }}
    />
  );
}
