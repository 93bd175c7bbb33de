/**
 * The one order in which a variant's option pairs are written, wherever a person or a link reads
 * them: the storefront (product links, cart, checkout, My Orders), the mails and the back office.
 * A variant is stored as JSONB, which keeps no key order of its own (it sorts keys by length), and
 * a cart or an order line does not know its product's declared options; so the pairs go by option
 * name, alphabetically and without regard to case, which every place can compute alone.
 */

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A variant's pairs in the shared order: `{Size: 'M', Colour: 'Blue'}` gives Colour, then Size. */
export function variantPairs(variants: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(variants).sort(
    ([a], [b]) => byName.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0),
  );
}

/** Form encoding, as `URLSearchParams` writes it: a space is `+` (the contract's query strings). */
const formEncoded = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+');

/** A variant as a product page's query: `Colour=Blue&Size=M` (the API contract's selection). */
export const variantQuery = (variants: Readonly<Record<string, string>>): string =>
  variantPairs(variants)
    .map(([name, value]) => `${formEncoded(name)}=${formEncoded(value)}`)
    .join('&');

/** A variant as words: `Colour: Blue, Size: M`, or other separators where a place needs them. */
export function variantText(
  variants: Readonly<Record<string, string>>,
  { pair = ': ', between = ', ', limit }: { pair?: string; between?: string; limit?: number } = {},
): string {
  return variantPairs(variants)
    .slice(0, limit)
    .map(([name, value]) => `${name}${pair}${value}`)
    .join(between);
}
