import { z } from 'zod';
import { serverMessages, tooLongMessage } from './errors.js';

// zod compiles object parsers with `new Function` when it may, and probes for that by trying it.
// The shop's pages forbid eval (Content-Security-Policy `script-src 'self'`), so in a browser the
// probe is a reported CSP violation (Chrome's Issues panel, Lighthouse's best practices) and its
// answer is no anyway; the server keeps the compiled parsers. It counts only for schemas built
// after it: the modules that build schemas import this one, or come after it in index.ts.
if ('document' in globalThis) z.config({ jitless: true });

/** 'apartmentNumber' → 'Apartment number': a field named by its key, for the fallback below. */
function fieldLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string');
  if (key === undefined) return 'This value';
  const words = key.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// zod's own texts ("Too big: expected string to have <=200 characters") reach a person through a
// form or an API answer. The shared schemas word their limits themselves; this words any length
// limit one of them leaves bare, naming the field by its key.
z.config({
  customError: (issue) => {
    if (issue.origin !== 'string') return undefined;
    const label = fieldLabel(issue.path ?? []);
    if (issue.code === 'too_big') return tooLongMessage(label, Number(issue.maximum));
    if (issue.code === 'too_small')
      return Number(issue.minimum) <= 1
        ? `${label} is required.`
        : `${label} is too short (at least ${Number(issue.minimum)} characters).`;
    return undefined;
  },
});

/** Ids are UUID strings sent as `_id`; anything else is answered 400 'Invalid id'. */
export const idSchema = z.uuid({ error: serverMessages.invalidId });

/** What a string field with a control character or half a surrogate pair is answered (400). */
export const disallowedCharactersMessage = 'contains characters that are not allowed';

const isSurrogateHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isSurrogateLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Whether `value` holds a C0 or C1 control character (newline, carriage return and tab allowed
 * in multi-line text) or an unpaired UTF-16 surrogate. The database refuses NUL and cannot
 * store half a surrogate pair, and no form field of the shop needs the others.
 */
export function hasDisallowedCharacter(value: string, multiLine: boolean): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20) {
      if (multiLine && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
      return true;
    }
    if (code >= 0x7f && code <= 0x9f) return true;
    if (isSurrogateHigh(code)) {
      if (!isSurrogateLow(value.charCodeAt(index + 1))) return true;
      index += 1;
    } else if (isSurrogateLow(code)) return true;
  }
  return false;
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * Every string a client sends (bodies, path parameters, query strings) is one of these two, so
 * the character rule is written once. A single-line value: no control character at all.
 */
export const text = (params?: StringParams) =>
  z.string(params).refine((value) => !hasDisallowedCharacter(value, false), {
    error: disallowedCharactersMessage,
    abort: true,
  });

/** A multi-line value (a review, an enquiry's message, remarks): newlines and tabs allowed. */
export const freeText = (params?: StringParams) =>
  z.string(params).refine((value) => !hasDisallowedCharacter(value, true), {
    error: disallowedCharactersMessage,
    abort: true,
  });

/**
 * A string the server answers. Not checked again: it was checked as text on the way in, and an
 * answer must not fail over a character an older version stored. Never use it for input.
 */
export const answerText = () => z.string();

/**
 * Every failure the API answers has this body; clients show `message` (spec §8). `field` (ours)
 * names the request field a storefront call's failure is about, when it is about one (a refused
 * `couponCode`).
 */
export const errorResponseSchema = z.object({
  message: answerText(),
  field: answerText().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Image fields hold a path starting with `/` that a client prefixes with the backend origin. */
export const imagePathSchema = answerText();

/** A body object with an `_id`; the old client sends whole objects where only the id matters. */
export const idRefSchema = z.looseObject({ _id: idSchema });
