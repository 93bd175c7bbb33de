import { nokToOre, oreToNok } from '@shop/shared';

/**
 * The order date in the spec's "medium-long style" (MYORD-02, CONST-41): a long date with a
 * medium time, e.g. "5 March 2025 at 14:07:09". British English writes the day first and a
 * 24-hour clock, as a Norwegian reader expects.
 */
export function formatOrderDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'medium',
    timeZone,
  }).format(new Date(iso));
}

/** The delivery status as the shopper reads it: underscores shown as spaces (MYORD-03). */
export const statusText = (status: string) => status.replaceAll('_', ' ');

/** Up to two 'key: value' pairs of a line's variant (MYORD-06). */
export const variantText = (variant: Record<string, string> | undefined) =>
  Object.entries(variant ?? {})
    .slice(0, 2)
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ');

/** Price × quantity in whole øre, so the sub-total never drifts (MYORD-07). */
export const lineTotal = (price: number, quantity: number) => oreToNok(nokToOre(price) * quantity);
