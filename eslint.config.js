import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { backOfficeBoundaries } from './eslint.back-office-boundaries.js';
import { moduleBoundaries } from './eslint.module-boundaries.js';
import { resolvedImports } from './eslint.resolved-imports.js';
import { storefrontBoundaries } from './eslint.storefront-boundaries.js';

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
  resolvedImports,
  ...moduleBoundaries,
  ...storefrontBoundaries,
  ...backOfficeBoundaries,
);
