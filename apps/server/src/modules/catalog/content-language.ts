import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Locale, ProductInformation, ProductOption, Variants } from '@shop/shared';

/**
 * The catalogue's texts in the asked language (issue 31.5). Bokmål is every row's own text and
 * always there; English is a twin column, null where none is written, and an English answer then
 * shows the bokmål (API contract, "Language").
 */

/** A text column in the language asked for, the bokmål where no English is written. */
export function columnIn(
  locale: Locale,
  nb: AnyPgColumn | SQL,
  en: AnyPgColumn | SQL,
): SQL<string> {
  return locale === 'en' ? sql<string>`coalesce(nullif(${en}, ''), ${nb})` : sql<string>`${nb}`;
}

/** A text in the language asked for, the bokmål where no English is written. */
export function textIn(locale: Locale, nb: string, en: string | null | undefined): string {
  return locale === 'en' && en ? en : nb;
}

/** Specifications in the language asked for: the English list where one is written. */
export function informationIn(
  locale: Locale,
  nb: ProductInformation[],
  en: ProductInformation[] | null | undefined,
): ProductInformation[] {
  return locale === 'en' && en && en.length > 0 ? en : nb;
}

/**
 * Options in the language asked for. The English ones translate the bokmål ones by position,
 * name by name and value by value, each falling back on its own, so the shown options always
 * have the bokmål ones' shape and an item's variants (kept in bokmål) map onto them.
 */
export function optionsIn(
  locale: Locale,
  nb: ProductOption[],
  en: ProductOption[] | null | undefined,
): ProductOption[] {
  if (locale !== 'en' || !en) return nb;
  return nb.map((option, index) => ({
    name: en[index]?.name || option.name,
    values: option.values.map((value, valueIndex) => en[index]?.values[valueIndex] || value),
  }));
}

/**
 * An item's variants (bokmål names and values) in the language of `shown`, the family's options
 * as optionsIn gave them; a pair the options no longer declare stays as it is.
 */
export function variantsIn(
  variants: Variants,
  nb: ProductOption[],
  shown: ProductOption[],
): Variants {
  const translated: Variants = {};
  for (const [name, value] of Object.entries(variants)) {
    const index = nb.findIndex((option) => option.name === name);
    const option = nb[index];
    const shownOption = shown[index];
    if (!option || !shownOption) {
      translated[name] = value;
      continue;
    }
    const valueIndex = option.values.indexOf(value);
    translated[shownOption.name] =
      valueIndex < 0 ? value : (shownOption.values[valueIndex] ?? value);
  }
  return translated;
}
