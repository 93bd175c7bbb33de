import { nokToOre, oreToNok, shopTimeFormat, variantText as sharedVariantText } from '@shop/shared';

/**
 * The order date in the spec's "medium-long style" (MYORD-02, CONST-41): a long date with a
 * medium time, e.g. "5 March 2025 at 14:07:09". British English writes the day first and a
 * 24-hour clock, as a Norwegian reader expects; the clock is Oslo's wherever the shopper is.
 */
export const formatOrderDate = shopTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'medium' });

/** The day of a refund, "12 March 2025", on the Oslo calendar. */
export const formatRefundDate = shopTimeFormat('en-GB', { dateStyle: 'long' });

/** The delivery status as the shopper reads it: underscores shown as spaces (MYORD-03). */
export const statusText = (status: string) => status.replaceAll('_', ' ');

/** Up to two 'key: value' pairs of a line's variant (MYORD-06). */
export const variantText = (variant: Record<string, string> | undefined) =>
  sharedVariantText(variant ?? {}, { limit: 2 });

/** Price × quantity in whole øre, so the sub-total never drifts (MYORD-07). */
export const lineTotal = (price: number, quantity: number) => oreToNok(nokToOre(price) * quantity);
