import { oreToNok, variantText } from '@shop/shared';

const kroner = new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' });

/** An amount in øre as the staff read it: "kr 1 234,50". */
export const formatOre = (ore: number) => kroner.format(oreToNok(ore));

/**
 * An item's option values, such as "Colour Red · Size M", in the order the storefront and the
 * mails write them too; "Single item" without options.
 */
export const variantLabel = (variants: Readonly<Record<string, string>>) =>
  variantText(variants, { pair: ' ', between: ' · ' }) || 'Single item';

const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * A country as a reader writes it, "Norway" for the stored ISO code `NO`, as the order mails do
 * (issue 29.12); a text that is no code is shown as it is.
 */
export function countryName(country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  try {
    return regions.of(country) ?? country;
  } catch {
    return country;
  }
}
