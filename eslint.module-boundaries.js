import tseslint from 'typescript-eslint';

/**
 * The walls between the server's modules (issue 11), as ESLint config blocks. A module reaches
 * another only through its service API: its `*.service.ts` files and the few plain public
 * files named below. Another module's tables, routes and internals are off limits; a table
 * file may still point a foreign key at another module's table, and the database layer
 * (`db/schema.ts`, seeds) and tests may use any table. `module-boundaries.test.ts` plants a
 * crossing and shows these blocks refuse it.
 *
 * On its own: `npx eslint -c eslint.module-boundaries.js apps/server`.
 */

/** Files of another module that are public besides its services, each with its reason. */
const publicFiles = [
  // The request hook and `currentUser` every module's routes use.
  'accounts/authenticate',
  // The ISO 3166 country table, plain data that addresses, shipping and currency share.
  'currency/countries',
  // Mail bodies are built by the module that sends them, then queued with mail.service.
  'mail/mail-templates',
];

const publicApi = String.raw`(?:[a-z0-9-]+/[a-z0-9-]+\.service|${publicFiles.join('|')})\.js$`;
/** `../<module>/<file>` from a module's own folder, unless the file is public. */
const otherModulesInternals = String.raw`^\.\./(?!${publicApi})[a-z0-9-]+/`;

const crossModuleImport = {
  regex: otherModulesInternals,
  message:
    "Use the other module's service API (its *.service.ts): its tables, routes and internals " +
    'are its own (issue 11; see docs/decisions.md, "Walls between modules").',
};

/** Services report failures as domain errors; only routes and plugins know about HTTP. */
const webFrameworkImport = {
  regex: String.raw`^(?:fastify|@fastify/.*|.*/plugins/error-handler\.js)$`,
  message:
    'A service throws the errors of src/domain-errors.ts and knows no Fastify type; the error ' +
    'handler maps them to HTTP (issue 11).',
};

export const moduleBoundaries = [
  {
    files: ['apps/server/src/modules/*/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/modules/*/*.tables.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossModuleImport] }] },
  },
  {
    // Options of one rule do not merge across blocks, so the services' block repeats the wall.
    files: ['apps/server/src/modules/*/*.service.ts', 'apps/server/src/modules/*/*.flow.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [crossModuleImport, webFrameworkImport] }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/modules/**',
      'apps/server/src/db/**',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`/modules/[a-z0-9-]+/[a-z0-9-]+\.tables\.js$`,
              message:
                "Call the module's service: outside the modules only the database layer " +
                '(db/schema.ts, seeds) and tests use its tables (issue 11).',
            },
          ],
        },
      ],
    },
  },
];

export default [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  ...moduleBoundaries,
];
