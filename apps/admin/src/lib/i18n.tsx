import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { ReactElement, ReactNode } from 'react';
import { TransNoContext } from '@lingui/react/server';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  i18nFor,
  moneyFormat,
  oreToNok,
  translateText,
  type I18n,
  type Locale,
  type Messages,
  type MessageValues,
  type SharedMessageKey,
} from '@shop/shared';
import sharedEn from '@shop/shared/catalogs/en.json?compiled';
import sharedNb from '@shop/shared/catalogs/nb.json?compiled';
import sharedAdminEn from '@shop/shared/catalogs/admin.en.json?compiled';
import sharedAdminNb from '@shop/shared/catalogs/admin.nb.json?compiled';
import type commonCatalogue from '../i18n/en.json';
import commonEn from '../i18n/en.json?compiled';
import commonNb from '../i18n/nb.json?compiled';
import messagesEn from '../i18n/messages.en.json?compiled';
import messagesNb from '../i18n/messages.nb.json?compiled';
import { currentLocale, onLocaleChange } from './locale.js';

/**
 * The back office's words (issue 31): the shell's and shared components' in `src/i18n/`, each
 * feature's in its own `features/<name>/i18n/`, keys starting with the feature's name. Both
 * languages are in the bundle, so a staff member's switch shows at once; the back office is a
 * handful of staff on office machines, and the storefront's size budget is not theirs.
 */
const features = {
  en: import.meta.glob<Messages>('../features/*/i18n/en.json', {
    query: '?compiled',
    import: 'default',
    eager: true,
  }),
  nb: import.meta.glob<Messages>('../features/*/i18n/nb.json', {
    query: '?compiled',
    import: 'default',
    eager: true,
  }),
};

const instances: Record<Locale, I18n> = {
  en: i18nFor('en', sharedEn, sharedAdminEn, messagesEn, commonEn, ...Object.values(features.en)),
  nb: i18nFor('nb', sharedNb, sharedAdminNb, messagesNb, commonNb, ...Object.values(features.nb)),
};

/** Without a provider, English: what the unit tests read unless they ask for Norwegian. */
const LanguageContext = createContext<I18n>(instances.en);

/**
 * Speaks the staff member's language (`currentLocale`), and follows a switch at once; `locale`
 * fixes it instead, for tests. Sets `<html lang>`, so screen readers read the right language.
 */
export function LanguageProvider({ locale, children }: { locale?: Locale; children: ReactNode }) {
  const chosen = useSyncExternalStore(onLocaleChange, currentLocale);
  const shown = locale ?? chosen;
  useEffect(() => {
    document.documentElement.lang = shown;
  }, [shown]);
  return <LanguageContext.Provider value={instances[shown]}>{children}</LanguageContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LanguageContext).locale as Locale;
}

type CommonKey = keyof typeof commonCatalogue;

/** A translator: `key` from the given catalogue, the back office's common one or the shared one. */
export type Translate<Key extends string = never> = (
  key: Key | CommonKey | SharedMessageKey,
  values?: MessageValues,
) => string;

/**
 * The translator of a part, typed by its English catalogue, so a key missing from it does not
 * compile: `const t = useT<typeof en>()` with `import type en from './i18n/en.json'`.
 */
export function useT<Catalogue extends Record<string, string> = Record<never, string>>(): Translate<
  keyof Catalogue & string
> {
  const i18n = useContext(LanguageContext);
  return useCallback((key, values) => i18n._(key, values), [i18n]);
}

/**
 * A message that arrives as text: the server's, already in the asked language
 * (`Accept-Language`), or a form rule's English sentence, which the shared catalogue or
 * `i18n/messages.*.json` holds as a key (or as `{placeholder}` key, its values read back from the
 * text); either way the staff member's words.
 */
export function useMessage(): (message: string) => string {
  const i18n = useContext(LanguageContext);
  return useCallback((message) => translateText(i18n, message), [i18n]);
}

/**
 * A message with markup in it, such as a link inside a sentence: `<0>…</0>` in the catalogue,
 * the element in `components`, so no sentence is glued from pieces.
 */
export function RichText<Catalogue extends Record<string, string> = Record<never, string>>(props: {
  id: (keyof Catalogue & string) | CommonKey;
  values?: MessageValues;
  components: Record<string, ReactElement>;
}) {
  const i18n = useContext(LanguageContext);
  return (
    <TransNoContext
      id={props.id}
      values={props.values}
      components={props.components}
      lingui={{ i18n }}
    />
  );
}

export interface Formats {
  /** An amount in øre: `1 234,50 kr` in Norwegian, `NOK 1,234.50` in English. */
  ore: (ore: number) => string;
  /** An amount in kroner, as the forms hold it. */
  nok: (nok: number) => string;
  number: (value: number) => string;
  /** A moment on the Oslo clock: `27. nov. 2026 kl. 14.05`, `27 Nov 2026, 14:05`. */
  dateTime: (moment: Date | string) => string;
  /** The day of a moment on the Oslo clock. */
  date: (moment: Date | string) => string;
  /**
   * A day the server names (`2026-03-01`), which it named in Norway already: read at noon UTC
   * it is that same day on the Oslo clock, whatever the season.
   */
  day: (isoDay: string) => string;
}

/** Numbers, money and moments in the staff member's language, on the Oslo clock. */
export function formatsOf(locale: Locale): Formats {
  const kroner = moneyFormat(locale, 'NOK', 2);
  return {
    ore: (ore) => kroner.format(oreToNok(ore)),
    nok: (nok) => kroner.format(nok),
    number: (value) => formatNumber(locale, value),
    dateTime: (moment) => formatDateTime(locale, moment),
    date: (moment) => formatDate(locale, moment),
    day: (isoDay) => formatDate(locale, `${isoDay}T12:00:00Z`),
  };
}

export function useFormat(): Formats {
  const locale = useLocale();
  return useMemo(() => formatsOf(locale), [locale]);
}
