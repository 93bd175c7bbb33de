import type { I18n, Messages } from '@lingui/core';
import type { MessageValues } from './translator.js';

/**
 * Rule messages travel as the spec's English text (a zod issue, a cart's stored message, an API
 * answer to a client that asked for no language), and the catalogues key them by that text.
 * A message with a changing part is keyed by its English ICU message, `{name} out of stock!`,
 * so its text is matched against that key to find the values to put into the translation.
 */

interface TemplateMatcher {
  key: string;
  pattern: RegExp;
  /** The placeholders in order, and whether each is a `{name, number}`. */
  argumentsInOrder: { name: string; isNumber: boolean }[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A matcher for a key of plain `{name}` and `{name, number}` placeholders; none for a key
 * without placeholders (looked up as it is) or with plurals and selects, whose text no
 * sentence-level pattern can take apart reliably.
 */
function matcherOf(key: string): TemplateMatcher | undefined {
  if (!key.includes('{') || !key.includes(' ')) return undefined;
  const argumentsInOrder: TemplateMatcher['argumentsInOrder'] = [];
  let source = '';
  let rest = key;
  for (;;) {
    const found = /\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}/.exec(rest);
    if (!found) break;
    const [placeholder, name = '', type] = found;
    if (type !== undefined && type !== 'number') return undefined;
    source += `${escapeRegExp(rest.slice(0, found.index))}(${type ? '-?[\\d,.\\s\\u00a0\\u202f]+' : '.+?'})`;
    argumentsInOrder.push({ name, isNumber: type === 'number' });
    rest = rest.slice(found.index + placeholder.length);
  }
  if (rest.includes('{') || argumentsInOrder.length === 0) return undefined;
  return { key, pattern: new RegExp(`^${source}${escapeRegExp(rest)}$`, 's'), argumentsInOrder };
}

const matchersByCatalogue = new WeakMap<Messages, TemplateMatcher[]>();

function matchersOf(messages: Messages): TemplateMatcher[] {
  let matchers = matchersByCatalogue.get(messages);
  if (!matchers) {
    matchers = Object.keys(messages).flatMap((key) => matcherOf(key) ?? []);
    matchersByCatalogue.set(messages, matchers);
  }
  return matchers;
}

/** An English number as `toLocaleString('en-US')` writes it: `1,000`. */
const englishNumber = (text: string) => Number(text.replace(/,/g, ''));

/**
 * A message that arrives as English text in the language of `i18n`: a key of its catalogues
 * as it is, or an English text one of its `{placeholder}` keys writes, with the values read
 * back from the text; a value that is itself a key (a field's name) is translated too. A text
 * no catalogue holds reads as it is.
 */
export function translateText(i18n: I18n, text: string): string {
  const { messages } = i18n;
  if (Object.hasOwn(messages, text)) return i18n._(text);
  for (const { key, pattern, argumentsInOrder } of matchersOf(messages)) {
    const found = pattern.exec(text);
    if (!found) continue;
    const values: MessageValues = {};
    let readable = true;
    argumentsInOrder.forEach(({ name, isNumber }, index) => {
      const part = found[index + 1] ?? '';
      const number = englishNumber(part);
      if (isNumber && !Number.isFinite(number)) readable = false;
      values[name] = isNumber ? number : Object.hasOwn(messages, part) ? i18n._(part) : part;
    });
    if (readable) return i18n._(key, values);
  }
  return text;
}
