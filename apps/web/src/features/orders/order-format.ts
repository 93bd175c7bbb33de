import {
  formatDate,
  formatDateTime,
  nokToOre,
  oreToNok,
  shopTimeFormat,
  type Locale,
} from '@shop/shared';
import { variantText as sharedVariantText } from '@shop/shared';

/**
 * The English order date in the spec's "medium-long style" (MYORD-02, CONST-41): a long date
 * with a medium time, e.g. "5 March 2025 at 14:07:09". British English writes the day first and
 * a 24-hour clock; the clock is Oslo's wherever the shopper is.
 */
const englishOrderDate = shopTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'medium' });
const englishRefundDate = shopTimeFormat('en-GB', { dateStyle: 'long' });

/** When an order was placed: the spec's English, or the shop's Norwegian "5. mars 2025 kl. 14.07". */
export const formatOrderDate = (locale: Locale, moment: string): string =>
  locale === 'en' ? englishOrderDate(moment) : formatDateTime(locale, moment);

/** The day of a refund, "12 March 2025" or "12. mars 2025", on the Oslo calendar. */
export const formatRefundDate = (locale: Locale, moment: string): string =>
  locale === 'en' ? englishRefundDate(moment) : formatDate(locale, moment);

/** Up to two 'key: value' pairs of a line's variant (MYORD-06). */
export const variantText = (variant: Record<string, string> | undefined) =>
  sharedVariantText(variant ?? {}, { limit: 2 });

/** Price × quantity in whole øre, so the sub-total never drifts (MYORD-07). */
export const lineTotal = (price: number, quantity: number) => oreToNok(nokToOre(price) * quantity);
