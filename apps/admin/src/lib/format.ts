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
