import { oreToNok } from '@shop/shared';

const kroner = new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' });

/** An amount in øre as the staff read it: "kr 1 234,50". */
export const formatOre = (ore: number) => kroner.format(oreToNok(ore));

/** An item's option values, such as "Colour Red · Size M"; "Single item" without options. */
export const variantLabel = (variants: Readonly<Record<string, string>>) =>
  Object.entries(variants)
    .map(([name, value]) => `${name} ${value}`)
    .join(' · ') || 'Single item';
