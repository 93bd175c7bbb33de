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
