/** What stands in a text where an erased customer's name, address or number was. */
export const ERASED_MARK = '[erased]';

/** The strings that name a person: their name, e-mail, phone and address lines. */
export interface PersonalStrings {
  /** Names, each word of which is erased on its own ("Kari called" names Kari Nordmann). */
  names: readonly string[];
  /** E-mail, phone, street: erased where they appear whole. */
  literals: readonly string[];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function that blots the person's strings out of free text staff typed about them (an
 * order's note, a refund's note, a block's reason), ignoring case. A name's words are matched
 * as whole words, so "Eva" does not blot out "Evaluate".
 */
export function personalTextEraser(person: PersonalStrings): (text: string) => string {
  const words = person.names.flatMap((name) =>
    name.split(/[^\p{L}\p{M}'’-]+/u).filter((word) => word.length >= 2),
  );
  // A bare flat number ("2") or postcode names nobody and would blot out every such number.
  const literals = person.literals
    .map((literal) => literal.trim())
    .filter((literal) => literal.length >= 4);
  const alternatives = [
    // The longest first, so an e-mail goes whole before a name inside it is found.
    ...literals.sort((a, b) => b.length - a.length).map(escaped),
    ...words.map((word) => `(?<![\\p{L}\\p{N}])${escaped(word)}(?![\\p{L}\\p{N}])`),
  ];
  if (alternatives.length === 0) return (text) => text;
  const pattern = new RegExp(alternatives.join('|'), 'giu');
  return (text) => text.replace(pattern, ERASED_MARK);
}

/** `value` with `erase` applied to every string in it, keys left alone. */
export function erasedJson<T>(value: T, erase: (text: string) => string): T {
  if (typeof value === 'string') return erase(value) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => erasedJson(entry, erase)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, erasedJson(entry, erase)]),
    ) as T;
  return value;
}
