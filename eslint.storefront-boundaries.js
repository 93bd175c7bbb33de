import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { resolvedImports, restrictedPaths, walledFolders } from './eslint.resolved-imports.js';

/**
 * The walls of the storefront (issues 11 and 30), as ESLint config blocks, in apps/web/src:
 *
 * - `features/<name>/` reaches another feature only through that feature's `index.ts`, and never
 *   imports `app/`: the app composes the features, not the other way round.
 * - `components/` and `lib/` are shared by every feature and import none; from `app/` they take
 *   at most the store's types (`lib/store-hooks.ts` types the hooks with them).
 * - `app/`, `main.tsx` and `entry-server.tsx`, the composition root, use the features through
 *   their `index.ts` like everyone else; the pages it routes to are lazy components exported there.
 *
 * Judged on the file an import resolves to (`import-x/no-restricted-paths`), so a file at any
 * depth, any spelling of the path (`../../../../x`, `features/../features/x`), `import()` and
 * `export … from` meet the same walls. The features are read from the folder: a new one is walled
 * from its first file. Tests and test kits are exempt: a test sets up what it needs from any file,
 * as on the server. `storefront-boundaries.test.ts` plants crossings and shows these blocks refuse
 * them. On its own: `npx eslint -c eslint.storefront-boundaries.js apps/web`.
 */

const src = path.resolve(import.meta.dirname, 'apps/web/src');
const featuresDir = path.join(src, 'features');

const inSrc = (glob) => path.join(src, glob);
const anyFeature = inSrc('features/**/*');
// A feature's public face. Globs, as the rule wants its exceptions when `from` is one.
const featureIndex = inSrc('features/*/index.ts');
/** The composition root: the app folder and the entry points beside it. */
const root = [inSrc('app/**/*'), inSrc('*.{ts,tsx}')];
const store = inSrc('app/store.ts');
// The same file as a glob, the form the rule wants for an exception when `from` is a glob.
const storeGlob = inSrc('app/store.{ts,tsx}');

const testFiles = ['**/*.test.{ts,tsx}', '**/*-test-kit.{ts,tsx}', 'apps/web/src/test/**'];

const why = '(issues 11, 30; docs/decisions.md, "Walls on the storefront")';

const featureMessage =
  `Import another feature through its index.ts, which says what it offers ${why}. ` +
  'Something several features share and no feature owns belongs in lib/ or components/.';
const featureToAppMessage =
  `A feature does not import app/: the app composes the features. The store hooks and the API ` +
  `base are in lib/ ${why}.`;
const sharedMessage =
  `components/ and lib/ serve every feature and import none; from app/ only the store's types ` +
  `(import type) ${why}. A piece that needs a feature belongs to a feature or to app/.`;
const appMessage = `The app uses a feature through its index.ts, pages included (lazy there) ${why}.`;

const noRestrictedPaths = importX.rules['no-restricted-paths'];

/**
 * `import-x/no-restricted-paths` for what runs: `import type` and `export type` pass, every other
 * import (`import { type X }` too, which `verbatimModuleSyntax` keeps as an import) is judged.
 */
const valueImports = {
  meta: { ...noRestrictedPaths.meta, docs: { description: 'no-restricted-paths, types exempt' } },
  create(context) {
    const visitors = noRestrictedPaths.create(context);
    const typeOnly = (node) => node.importKind === 'type' || node.exportKind === 'type';
    return Object.fromEntries(
      Object.entries(visitors).map(([type, visit]) => [
        type,
        (node) => (typeOnly(node) ? undefined : visit(node)),
      ]),
    );
  },
};

/** The shop's own rules, so far the one above. */
const wallsPlugin = { rules: { 'no-restricted-value-paths': valueImports } };

export const storefrontBoundaries = [
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        ...walledFolders(featuresDir, { except: [featureIndex], message: featureMessage }),
        { target: anyFeature, from: root, message: featureToAppMessage },
      ]),
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: testFiles,
    plugins: { walls: wallsPlugin },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        { target: '**/*', from: anyFeature, message: sharedMessage },
        { target: '**/*', from: root, except: [storeGlob], message: sharedMessage },
      ]),
      // The store itself only for its types.
      'walls/no-restricted-value-paths': restrictedPaths([
        { target: '**/*', from: store, message: sharedMessage },
      ]),
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        { target: '**/*', from: anyFeature, except: [featureIndex], message: appMessage },
      ]),
    },
  },
];

export default [
  // Exempt anyway; its directives name react-hooks rules this file alone does not load.
  { ignores: ['apps/web/src/test/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  resolvedImports,
  ...storefrontBoundaries,
];
