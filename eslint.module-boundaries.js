import path from 'node:path';
import tseslint from 'typescript-eslint';
import { resolvedImports, restrictedPaths, walledFolders } from './eslint.resolved-imports.js';

/**
 * The walls between the server's modules (issues 11 and 30), as ESLint config blocks, judged on
 * the file an import resolves to, so no spelling of a path (`../x`, `../../modules/x`, a
 * sub-folder, `import()`, `export … from`) slips past. A module reaches another only through
 * its service API: its `*.service.ts` files and the few plain public files named below. Another
 * module's tables, routes and internals are off limits, and so is `db/schema.ts` (every table at
 * once); a table file may still point a foreign key at another module's table, and the database
 * layer (`db/`, seeds) and tests may use any table. `module-boundaries.test.ts` plants crossings
 * and shows these blocks refuse them.
 *
 * On its own: `npx eslint -c eslint.module-boundaries.js apps/server`.
 */

const src = path.resolve(import.meta.dirname, 'apps/server/src');
const modulesDir = path.join(src, 'modules');

/** Files of another module that are public besides its services, each with its reason. */
const publicFiles = [
  // The request hook and `currentUser` every module's routes use.
  'accounts/authenticate.ts',
  // The ISO 3166 country table, plain data that addresses, shipping and currency share.
  'currency/countries.ts',
  // Mail bodies are built by the module that sends them, then queued with mail.service.
  'mail/mail-templates.ts',
];
// Globs, as the rule wants its exceptions when `from` is one.
const publicApi = [
  path.join(modulesDir, '*/*.service.ts'),
  path.join(modulesDir, `{${publicFiles.join(',')}}`),
];
const tableFiles = path.join(modulesDir, '*/*.tables.ts');

const testFiles = ['**/*.test.ts', 'apps/server/src/test/**'];

const crossModuleMessage =
  "Use the other module's service API (its *.service.ts): its tables, routes and internals are " +
  'its own (issues 11, 30; see docs/decisions.md, "Walls between modules").';
const schemaMessage =
  'db/schema.ts holds every table: a module uses its own tables and the services of the others ' +
  '(issue 30).';
const tablesOutsideMessage =
  "Call the module's service: outside the modules only the database layer (db/, seeds) and tests " +
  'use its tables (issue 11).';
const httpMessage =
  'A service throws the errors of src/domain-errors.ts and knows no Fastify type; the error ' +
  'handler maps them to HTTP (issue 11).';

/** The zones of a module's files: other modules' public faces only, plus `extraPublic`. */
const moduleZones = (extraPublic = []) => [
  ...walledFolders(modulesDir, {
    except: [...publicApi, ...extraPublic],
    message: crossModuleMessage,
  }),
  {
    target: path.join(modulesDir, '**/*'),
    from: path.join(src, 'db/schema.ts'),
    message: schemaMessage,
  },
];

/** Services report failures as domain errors; only routes and plugins know about HTTP. */
const webFrameworkPackages = {
  regex: String.raw`^(?:fastify|@fastify/.*)$`,
  message: httpMessage,
};

export const moduleBoundaries = [
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [...testFiles, 'apps/server/src/modules/*/*.tables.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(moduleZones()) },
  },
  {
    // A table may point a foreign key at another module's table.
    files: ['apps/server/src/modules/*/*.tables.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(moduleZones([tableFiles])) },
  },
  {
    // Options of one rule do not merge across blocks, so the services' block repeats the walls.
    files: ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.flow.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': ['error', { patterns: [webFrameworkPackages] }],
      'import-x/no-restricted-paths': restrictedPaths([
        ...moduleZones(),
        { target: '**/*', from: path.join(src, 'plugins/**/*'), message: httpMessage },
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    ignores: [...testFiles, 'apps/server/src/modules/**', 'apps/server/src/db/**'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        { target: '**/*', from: tableFiles, message: tablesOutsideMessage },
      ]),
    },
  },
];

export default [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  resolvedImports,
  ...moduleBoundaries,
];
