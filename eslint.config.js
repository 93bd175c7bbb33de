import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { backOfficeBoundaries } from './eslint.back-office-boundaries.js';
import { moduleBoundaries } from './eslint.module-boundaries.js';
import { resolvedImports } from './eslint.resolved-imports.js';
import { storefrontBoundaries } from './eslint.storefront-boundaries.js';

// The storefront's files whose words are all in catalogues (issue 31): a feature folder's
// glob (`apps/web/src/features/cart/**/*.tsx`) is added here once it is converted.
const storefrontCataloguedFiles = [
  'apps/web/src/app/**/*.tsx',
  'apps/web/src/components/**/*.tsx',
  'apps/web/src/lib/**/*.tsx',
  'apps/web/src/main.tsx',
  'apps/web/src/entry-server.tsx',
  'apps/web/src/features/cart/**/*.tsx',
  'apps/web/src/features/catalog/**/*.tsx',
  'apps/web/src/features/checkout/**/*.tsx',
  'apps/web/src/features/currency/**/*.tsx',
  'apps/web/src/features/accounts/**/*.tsx',
  'apps/web/src/features/cleaning/**/*.tsx',
  'apps/web/src/features/content/**/*.tsx',
  'apps/web/src/features/orders/**/*.tsx',
  'apps/web/src/features/reviews/**/*.tsx',
];

/**
 * The literal-string rule as both apps use it: JSX text and the attributes people read or hear,
 * leaving out runs of symbols and the named callees' arguments.
 */
const noLiteralStrings = ({ symbols, callees = [] }) => [
  'error',
  {
    mode: 'jsx-only',
    'jsx-attributes': {
      include: [
        'alt',
        'title',
        'placeholder',
        'label',
        'aria-label',
        'aria-description',
        'aria-valuetext',
        'aria-roledescription',
      ],
    },
    words: { exclude: [symbols] },
    ...(callees.length > 0 ? { callees: { exclude: callees } } : {}),
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      'apps/server/scripts/**',
      'apps/server/src/db/seed/cli.ts',
      'apps/server/src/db/seed/first-start.ts',
      '.ci/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // One way to call the API: the client checks every answer with its shared schema (issue 11;
    // docs/decisions.md, "One API client"). Globals and properties, so that `window.fetch` and
    // `globalThis.fetch` are refused too.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through apiRequest (lib/api-client.ts).' },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: 'Call the API through apiRequest (lib/api-client.ts).',
        })),
      ],
    },
  },
  {
    // Every word a staff member reads comes from the catalogues (issue 31.1): JSX text, literals
    // inside JSX and the attributes people read or hear. Tests write the words they look for.
    files: [
      'apps/admin/src/{app,components,lib}/**/*.tsx',
      'apps/admin/src/main.tsx',
      // The features converted so far (issue 31.1); the rest join as they are.
      'apps/admin/src/features/{accounting,audit,categories,content,customers,dashboard,enquiries,inventory,invitation,login,orders,products,promotions,reviews,settings,shipping,staff}/**/*.tsx',
    ],
    ignores: ['apps/admin/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': noLiteralStrings({
        symbols: '[0-9!-/:-@[-`{-~–—·•…▲▼⠿×→\\s]+',
        // Names a program reads: translation keys, form fields.
        callees: ['t', 'register', 'watch', 'setValue', 'getValues', 'trigger'],
      }),
    },
  },
  {
    // Every word a shopper reads comes from the catalogues (issue 31): JSX text, literals inside
    // JSX and the attributes people read or hear. Each folder joins the list once its words are
    // in its catalogues; tests write the words they look for.
    files: storefrontCataloguedFiles,
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': noLiteralStrings({
        symbols: '[0-9!-/:-@[-`{-~–—·•…▲▼⠿×−©\\s]+',
      }),
    },
  },
  resolvedImports,
  ...moduleBoundaries,
  ...storefrontBoundaries,
  ...backOfficeBoundaries,
);
