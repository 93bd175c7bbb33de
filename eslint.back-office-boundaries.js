import path from 'node:path';
import tseslint from 'typescript-eslint';
import { resolvedImports, restrictedPaths, walledFolders } from './eslint.resolved-imports.js';

/**
 * The walls of the back office (issue 30), as ESLint config blocks, in apps/admin/src, the shape
 * of the storefront's:
 *
 * - `features/<name>/` reaches another feature only through that feature's `index.ts`, and never
 *   imports `app/` (the router and the shell) or `main.tsx`.
 * - `components/` and `lib/` are shared by every feature and import none, nor `app/`.
 * - `app/` and `main.tsx` use a feature through its `index.ts`, or route to one of its pages
 *   (`*-page.tsx`), which `app/routes.tsx` loads lazily, one chunk per page.
 * - One way to call the API: `fetch` only in `lib/api-client.ts`, whose `api` and `apiFile` check
 *   the answers and renew the session.
 * - One place for a feature's calls: only its `api.ts` imports the API client, the query helpers
 *   (`lib/api-query.ts`) or the download (`lib/download.ts`), so every URL, query key and
 *   invalidation is named there, and the feature's other files use its hooks and functions.
 *   Calls several features share (the categories, the product look-up) are in `lib/api.ts`.
 *
 * Judged on the file an import resolves to (`import-x/no-restricted-paths`), so no depth or
 * spelling of a path, `import()` or `export … from` slips past. The features are read from the
 * folder: a new one is walled from its first file. Tests are exempt from the import walls, as on
 * the server and the storefront. `back-office-boundaries.test.ts` plants crossings and shows these
 * blocks refuse them. On its own: `npx eslint -c eslint.back-office-boundaries.js apps/admin`.
 */

const src = path.resolve(import.meta.dirname, 'apps/admin/src');
const featuresDir = path.join(src, 'features');

const inSrc = (glob) => path.join(src, glob);
const anyFeature = inSrc('features/**/*');
// A feature's public face, and the pages the router loads. Globs, as the rule wants its
// exceptions when `from` is one.
const featureIndex = inSrc('features/*/index.ts');
const featurePages = inSrc('features/*/*-page.tsx');
/** The composition root: the router and shell, and the entry point. */
const root = [inSrc('app/**/*'), inSrc('*.{ts,tsx}')];

const testFiles = ['**/*.test.{ts,tsx}', '**/*-test-kit.{ts,tsx}', 'apps/admin/src/test/**'];

const why = '(issue 30; docs/decisions.md, "Walls on resolved paths")';

const featureMessage =
  `Import another feature through its index.ts, which says what it offers ${why}. ` +
  'Something several features share and no feature owns belongs in lib/ or components/.';
const featureToAppMessage = `A feature does not import app/ or main.tsx: the app composes the features ${why}.`;
const sharedMessage =
  `components/ and lib/ serve every feature and import none, nor app/ ${why}. A piece that ` +
  'needs a feature belongs to a feature or to app/.';
const appMessage = `The app uses a feature through its index.ts or routes to its *-page.tsx ${why}.`;
const callsMessage = `Call the API through the feature's api.ts, which names each call, its URL and query key ${why}.`;
const fetchMessage =
  'Call the API through api or apiFile (lib/api-client.ts), which check the answer and renew the ' +
  `session ${why}.`;

const featureZones = [
  ...walledFolders(featuresDir, { except: [featureIndex], message: featureMessage }),
  { target: anyFeature, from: root, message: featureToAppMessage },
];
/** A feature's one file of calls; the client and the query helpers are for it alone. */
const featureCalls = 'apps/admin/src/features/*/api.ts';
const callers = ['api-client.ts', 'api-query.ts', 'download.ts'].map((file) =>
  inSrc(`lib/${file}`),
);

export const backOfficeBoundaries = [
  {
    files: [featureCalls],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(featureZones) },
  },
  {
    // The same walls, plus the calls' own, for every other feature file (one block per file
    // set: a later block's setting of a rule replaces an earlier one's).
    files: ['apps/admin/src/features/**/*.{ts,tsx}'],
    ignores: [...testFiles, featureCalls],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        ...featureZones,
        { target: anyFeature, from: callers, message: callsMessage },
      ]),
    },
  },
  {
    files: ['apps/admin/src/components/**/*.{ts,tsx}', 'apps/admin/src/lib/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        { target: '**/*', from: [anyFeature, ...root], message: sharedMessage },
      ]),
    },
  },
  {
    files: ['apps/admin/src/app/**/*.{ts,tsx}', 'apps/admin/src/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        {
          target: '**/*',
          from: anyFeature,
          except: [featureIndex, featurePages],
          message: appMessage,
        },
      ]),
    },
  },
  {
    // As on the storefront (eslint.config.js): no-restricted-syntax stays free for other walls.
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    ignores: ['apps/admin/src/lib/api-client.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: fetchMessage }],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: fetchMessage,
        })),
      ],
    },
  },
];

export default [
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  resolvedImports,
  ...backOfficeBoundaries,
];
