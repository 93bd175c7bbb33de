import { variantText, type Locale } from '@shop/shared';

/**
 * An item's option values, such as "Colour Red · Size M", in the order the storefront and the
 * mails write them too; `singleItem` (the common catalogue's `common.singleItem`) without
 * options.
 */
export const variantLabel = (variants: Readonly<Record<string, string>>, singleItem: string) =>
  variantText(variants, { pair: ' ', between: ' · ' }) || singleItem;

const regions = {
  en: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }),
  nb: new Intl.DisplayNames(['nb'], { type: 'region', fallback: 'code' }),
} satisfies Record<Locale, Intl.DisplayNames>;

/**
 * A country as a reader of `locale` writes it, "Norway" or "Norge" for the stored ISO code `NO`,
 * as the order mails do (issue 29.12); a text that is no code is shown as it is.
 */
export function countryName(country: string, locale: Locale): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  try {
    return regions[locale].of(country) ?? country;
  } catch {
    return country;
  }
}
