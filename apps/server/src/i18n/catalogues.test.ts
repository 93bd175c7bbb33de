import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { locales } from '@shop/shared';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Every message catalogue of the shop: a file `en.json` or `<part>.en.json` in a folder named
 * `i18n` or `catalogs` under a workspace's `src`, each with its Norwegian twin beside it.
 */
function catalogueFiles(folder: string, found: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') catalogueFiles(child, found);
    else if (/(^|\.)en\.json$/.test(entry.name) && /(^|\/)(i18n|catalogs)$/.test(folder)) {
      found.push(child.slice(0, -'en.json'.length));
    }
  }
  return found;
}

/** Each catalogue as the path before its language, e.g. `apps/server/src/i18n/mails.`. */
const catalogues = ['packages/shared/src', 'apps/web/src', 'apps/admin/src', 'apps/server/src']
  .flatMap((folder) => catalogueFiles(folder))
  .sort();

const read = (catalogue: string, locale: string) =>
  JSON.parse(readFileSync(path.join(root, `${catalogue}${locale}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

/**
 * The names a message reads from its values, plural and select arguments included: a compiled
 * message is text or a list of text and arguments, an argument `[name, type?, branches?]`.
 */
function argumentNames(compiled: unknown, names = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return names;
  for (const part of compiled) {
    if (!Array.isArray(part)) continue;
    const [name, , branches] = part as [string, string?, unknown?];
    names.add(name);
    if (branches && typeof branches === 'object') {
      for (const branch of Object.values(branches)) argumentNames(branch, names);
    }
  }
  return names;
}

// Issue 31.1: a key missing in either language, or a message that does not parse, fails here.
it('finds the catalogues of every part of the shop', () => {
  expect(catalogues).toEqual(
    expect.arrayContaining([
      'packages/shared/src/i18n/catalogs/',
      'apps/server/src/i18n/messages.',
      'apps/server/src/i18n/mails.',
    ]),
  );
});

describe.each(catalogues)('the catalogue %s', (catalogue) => {
  const catalogues = { nb: read(catalogue, 'nb'), en: read(catalogue, 'en') } satisfies Record<
    (typeof locales)[number],
    Record<string, unknown>
  >;

  it('has the same keys in every language', () => {
    expect(Object.keys(catalogues.nb).sort()).toEqual(Object.keys(catalogues.en).sort());
  });

  it.each(locales)('holds in %s only non-empty messages that parse as ICU', (locale) => {
    for (const [key, message] of Object.entries(catalogues[locale])) {
      expect(typeof message === 'string' && message.trim() !== '', key).toBe(true);
      expect(() => compileMessage(message as string), key).not.toThrow();
    }
  });

  it('asks every language for the same values', () => {
    for (const [key, english] of Object.entries(catalogues.en)) {
      const norwegian = catalogues.nb[key];
      if (typeof norwegian !== 'string') continue;
      const expected = [...argumentNames(compileMessage(english as string))].sort();
      expect([...argumentNames(compileMessage(norwegian))].sort(), key).toEqual(expected);
    }
  });
});
