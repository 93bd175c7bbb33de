import tseslint from 'typescript-eslint';

/**
 * The walls of the storefront (issue 11), as ESLint config blocks, in apps/web/src:
 *
 * - `features/<name>/` reaches another feature only through that feature's `index.ts`, and never
 *   imports `app/`: the app composes the features, not the other way round.
 * - `components/` and `lib/` are shared by every feature and import none; from `app/` they take
 *   at most the store's types (`lib/store-hooks.ts` types the hooks with them).
 * - `app/` and `main.tsx`, the composition root, use the features through their `index.ts` like
 *   everyone else; the pages it routes to are lazy components exported there.
 *
 * Tests and test kits are exempt: a test sets up what it needs from any file, as on the server.
 * Dynamic `import()` is held to the same walls (`no-restricted-syntax`), so a lazy import cannot
 * slip past them. `storefront-boundaries.test.ts` plants crossings and shows these blocks refuse
 * them. On its own: `npx eslint -c eslint.storefront-boundaries.js apps/web`.
 */

const web = 'apps/web/src';
const name = '[a-z0-9-]+';
const testFiles = ['**/*.test.{ts,tsx}', '**/*-test-kit.{ts,tsx}', `${web}/test/**`];

const why = '(issue 11; docs/decisions.md, "Walls on the storefront")';

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

/** A pattern of `@typescript-eslint/no-restricted-imports`. */
const pattern = (regex, message, allowTypeImports = false) => ({
  regex,
  message,
  ...(allowTypeImports && { allowTypeImports }),
});

/**
 * The rules for one set of files: the import patterns, and the same patterns for `import()`,
 * which is never type-only (esquery reads a `/` as the end of the regex, hence `\x2F`).
 */
function walls(patterns) {
  return {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': [
      'error',
      ...patterns.map(({ regex, message }) => ({
        selector: `ImportExpression[source.value=/${regex.replaceAll('/', String.raw`\x2F`)}/]`,
        message,
      })),
    ],
  };
}

/**
 * A file `depth` folders below `features/` (1 for `features/cart/cart-page.tsx`) reaches another
 * feature with `depth` steps up, or one more and `features/`.
 */
function featureBlock(depth) {
  const files = Array.from({ length: depth }, () => '*').join('/');
  const up = (steps) => String.raw`^(?:\.\./){${steps}}`;
  return {
    files: [`${web}/features/*/${files}.{ts,tsx}`],
    ignores: testFiles,
    rules: walls([
      pattern(String.raw`${up(depth)}${name}/(?!index\.js$)`, featureMessage),
      pattern(String.raw`${up(depth + 1)}features/${name}/(?!index\.js$)`, featureMessage),
      pattern(String.raw`${up(depth + 1)}app/`, featureToAppMessage),
    ]),
  };
}

export const storefrontBoundaries = [
  featureBlock(1),
  featureBlock(2),
  featureBlock(3),
  {
    files: [`${web}/components/**/*.{ts,tsx}`, `${web}/lib/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: walls([
      pattern(String.raw`^(?:\.\./)+features/`, sharedMessage),
      pattern(String.raw`^(?:\.\./)+app/store\.js$`, sharedMessage, true),
      pattern(String.raw`^(?:\.\./)+app/(?!store\.js$)`, sharedMessage),
    ]),
  },
  {
    files: [`${web}/app/**/*.{ts,tsx}`, `${web}/main.tsx`],
    ignores: testFiles,
    rules: walls([
      pattern(String.raw`^(?:\./|(?:\.\./)+)features/${name}/(?!index\.js$)`, appMessage),
    ]),
  },
];

export default [
  // Exempt anyway; its directives name react-hooks rules this file alone does not load.
  { ignores: [`${web}/test/**`] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  ...storefrontBoundaries,
];
