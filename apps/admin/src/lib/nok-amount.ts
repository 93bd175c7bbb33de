export type NokAmount = { ore: number } | { error: string };

export const nokAmountMessages = {
  empty: 'Enter an amount, such as 150 or 149,50.',
  format: 'Enter the amount in kroner with at most two decimals, such as 149,50.',
  zero: 'The amount must be more than 0.',
} as const;

// Kroner (in groups of three with spaces, as Norwegians write 1 234,50, or not), then øre after
// a comma or a point. Twelve digits at most keep the sum exact in a double.
const amountPattern = /^(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d{1,12})(?:[.,](\d{1,2}))?$/;

/**
 * An amount typed in kroner as øre, worked out on the digits as text: "0,29" is 29 øre, where
 * `Math.round(0.29 * 100)` happens to be right and `0.29 * 100` is not.
 */
export function parseNokAmount(
  input: string,
  { allowZero = false }: { allowZero?: boolean } = {},
): NokAmount {
  const text = input.trim();
  if (text === '') return { error: nokAmountMessages.empty };
  const match = amountPattern.exec(text);
  if (!match?.[1]) return { error: nokAmountMessages.format };
  const kroner = match[1].replace(/\D/g, '');
  const ore = Number(`${kroner}${(match[2] ?? '').padEnd(2, '0')}`);
  return ore === 0 && !allowZero ? { error: nokAmountMessages.zero } : { ore };
}
