import { nokAmountMessages, parseNokAmount } from '../../lib/nok-amount.js';

export type Parsed = { value: number } | { error: string };

/** A price typed in kroner as øre; unlike a refund, 0 is a price (a free band). */
export function parsePriceOre(input: string): Parsed {
  const parsed = parseNokAmount(input);
  if ('ore' in parsed) return { value: parsed.ore };
  return parsed.error === nokAmountMessages.zero ? { value: 0 } : parsed;
}

export const weightMessages = {
  empty: 'Enter the weight in kg, such as 5 or 0,5.',
  format: 'Enter the weight in kg with at most three decimals, such as 0,25.',
  zero: 'The weight must be more than 0 kg.',
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

/** Grams as the owner reads a band: "0,5 kg", "35 kg". */
export const formatKilograms = (grams: number) => `${kilograms.format(grams / 1000)} kg`;

/** Grams as the weight field shows them for editing: "0,5". */
export const kilogramsInput = (grams: number) => kilograms.format(grams / 1000).replace(/\s/g, '');

/** Øre as the price field shows them for editing: "79" or "149,50". */
export const nokInput = (ore: number) =>
  ore % 100 === 0
    ? String(ore / 100)
    : `${Math.floor(ore / 100)},${String(ore % 100).padStart(2, '0')}`;
