import type { Formats, Translate } from '../../lib/i18n.js';
import { nokAmountMessages, parseNokAmount } from '../../lib/nok-amount.js';
import type en from './i18n/en.json';

export type Parsed = { value: number } | { error: string };

/** A price typed in kroner as øre; unlike a refund, 0 is a price (a free band). */
export function parsePriceOre(input: string): Parsed {
  const parsed = parseNokAmount(input);
  if ('ore' in parsed) return { value: parsed.ore };
  return parsed.error === nokAmountMessages.zero ? { value: 0 } : parsed;
}

/** Keys of the shipping catalogue: a form field shows them in the staff member's words. */
export const weightMessages = {
  empty: 'shipping.weight.empty',
  format: 'shipping.weight.format',
  zero: 'shipping.weight.zero',
} as const;

const kilogramPattern = /^(\d{1,4})(?:[.,](\d{1,3}))?$/;

/** A weight typed in kilograms ("2", "0,5") as grams, worked out on the digits as text. */
export function parseKilograms(input: string): Parsed {
  const text = input.trim();
  if (text === '') return { error: weightMessages.empty };
  const match = kilogramPattern.exec(text);
  if (!match?.[1]) return { error: weightMessages.format };
  const grams = Number(`${match[1]}${(match[2] ?? '').padEnd(3, '0')}`);
  return grams === 0 ? { error: weightMessages.zero } : { value: grams };
}

const kilograms = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 3 });

/** Grams as the owner reads a band: "0,5 kg" in Norwegian, "0.5 kg" in English. */
export const formatKilograms = (t: Translate<keyof typeof en>, format: Formats, grams: number) =>
  t('shipping.kilograms', { weight: format.number(grams / 1000) });

/** Grams as the weight field shows them for editing: "0,5". */
export const kilogramsInput = (grams: number) => kilograms.format(grams / 1000).replace(/\s/g, '');

/** Øre as the price field shows them for editing: "79" or "149,50". */
export const nokInput = (ore: number) =>
  ore % 100 === 0
    ? String(ore / 100)
    : `${Math.floor(ore / 100)},${String(ore % 100).padStart(2, '0')}`;
