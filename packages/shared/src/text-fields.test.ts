/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from './index.js';
import { disallowedCharactersMessage, freeText, text } from './common.js';
import { addressRequestSchema } from './orders.js';

const hostile = [
  'a\u0000b',
  'a\ud800b',
  'a\udc00b',
  'ab\ud800',
  'a\u001bb',
  'a\u007fb',
  'a\u0085b',
];

describe('the character rule of every string a client sends (issue 10.20)', () => {
  it('refuses control characters and unpaired surrogates in single-line text', () => {
    const field = text();
    for (const value of [...hostile, 'a\nb', 'a\tb', 'a\rb']) {
      const result = field.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(disallowedCharactersMessage);
    }
    for (const value of ['Kari Nordmann', 'Ærlig Østby-Åsen', 'smile 😀', ''])
      expect(field.safeParse(value).success, value).toBe(true);
  });

  it('allows newlines and tabs in free text, nothing else', () => {
    const field = freeText();
    expect(field.safeParse('First line\r\nSecond\tline\n😀').success).toBe(true);
    for (const value of hostile) expect(field.safeParse(value).success).toBe(false);
  });

  it('no shared schema file declares a string field without the rule', () => {
    const sources = import.meta.glob<string>(['./*.ts', '!./*.test.ts', '!./common.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources)).toContain('./orders.ts');
    const offenders = Object.entries(sources)
      .filter(([, source]) => /\bz\s*\.\s*(?:coerce\s*\.\s*)?string\s*\(/.test(source))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });

  it('every string in every request, path and query schema refuses NUL and lone surrogates', () => {
    const requestSchemas = Object.entries(shared as Record<string, unknown>)
      .filter(([name]) => /(?:Request|Params|Query|Body|Selection)Schema$/.test(name))
      .filter(([, value]) => typeof value === 'object' && value !== null && '_zod' in value)
      .map(([name, value]): [string, z.ZodType] => [name, value as z.ZodType]);
    requestSchemas.push(['addressRequestSchema', addressRequestSchema('shipping')]);
    expect(requestSchemas.length).toBeGreaterThan(20);
    const unchecked = requestSchemas.flatMap(([name, schema]) =>
      stringLeaves(schema, name).filter(
        ({ leaf }) => leaf.safeParse('a\u0000b').success || leaf.safeParse('a\ud800b').success,
      ),
    );
    expect(unchecked.map(({ where }) => where)).toEqual([]);
  });
});

interface Leaf {
  where: string;
  leaf: z.ZodType;
}

/** Every string schema inside `schema`, with the path that leads to it. */
function stringLeaves(schema: z.ZodType, where: string, depth = 0): Leaf[] {
  if (depth > 20) return [];
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (child: unknown, suffix: string) =>
    stringLeaves(child as z.ZodType, `${where}${suffix}`, depth + 1);
  switch (def.type) {
    case 'string':
      return [{ where, leaf: schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
        inner(child, `.${key}`),
      );
    case 'array':
      return inner(def.element, '[]');
    case 'record':
      return [...inner(def.keyType, '{key}'), ...inner(def.valueType, '{value}')];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option, index) => inner(option, `|${index}`));
    case 'pipe':
      return [...inner(def.in, ''), ...inner(def.out, '')];
    case 'intersection':
      return [...inner(def.left, ''), ...inner(def.right, '')];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType, '');
    default:
      return [];
  }
}
