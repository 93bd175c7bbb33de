import fs from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

/**
 * Walls judged on the file an import resolves to, not on its spelling (issue 30): the
 * `import-x` plugin with TypeScript's resolution (`./x.js` is `x.ts`), for every workspace.
 * Each wall's config (`eslint.*-boundaries.js`) starts with this block.
 */
export const resolvedImports = {
  files: ['**/*.{ts,tsx,js,mjs}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
};

/**
 * The zones of `import-x/no-restricted-paths` that keep each folder directly in `dir` (a module, a
 * feature) out of the others' files but for `except` (globs: their public faces). The folders are
 * read from the disk, so a new one is walled from its first file.
 */
export function walledFolders(dir, { except, message }) {
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return names.map((name) => ({
    target: path.join(dir, name, '**/*'),
    from: names.filter((other) => other !== name).map((other) => path.join(dir, other, '**/*')),
    except,
    message,
  }));
}

/** A rule setting of `import-x/no-restricted-paths` or a rule of its shape. */
export const restrictedPaths = (zones) => ['error', { zones }];
