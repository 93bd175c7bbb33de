import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { resolvedImports, restrictedPaths, walledFolders } from './eslint.resolved-imports.js';

/**
 * The walls between the server's modules (issues 11 and 30), as ESLint config blocks, judged on
 * the file an import resolves to, so no spelling of a path (`../x`, `../../modules/x`, a
 * sub-folder, `import()`, `export … from`) slips past. A module's public face is its `index.ts`:
 * other modules, app.ts and the rest of the server import that and nothing else of it. Another
 * module's tables, routes and internals are off limits, and so is `db/schema.ts` (every table at
 * once); a table file may still point a foreign key at another module's table, and the database
 * layer (`db/`, seeds) and tests may use any file. The modules stand in layers (`moduleLayers`):
 * a module uses only modules of the layers below its own, so no two modules can ever need each
 * other; what a lower module must ask of a higher one is handed in by app.ts as a port (such as
 * the orders' count of coupon uses for the promotions). `module-boundaries.test.ts` plants
 * crossings and shows these blocks refuse them.
 *
 * On its own: `npx eslint -c eslint.module-boundaries.js apps/server`.
 */

const src = path.resolve(import.meta.dirname, 'apps/server/src');
const modulesDir = path.join(src, 'modules');

/**
 * The modules from the bottom up: a module may use those of lower layers only, never one of its
 * own layer or above. A new module folder must be placed here before lint passes.
 */
export const moduleLayers = [
  ['countries', 'audit', 'uploads', 'payments'],
  ['settings'],
  ['mail', 'catalog', 'currency', 'promotions'],
  ['accounts', 'cart', 'content', 'enquiries'],
  ['shipping'],
  ['orders'],
  ['reviews', 'staff', 'seo'],
  ['customers', 'dashboard', 'feeds'],
];

// Globs, as the rule wants its exceptions when `from` is one.
const publicApi = [path.join(modulesDir, '*/index.ts')];
const tableFiles = path.join(modulesDir, '*/*.tables.ts');

const testFiles = ['**/*.test.ts', 'apps/server/src/test/**'];

const crossModuleMessage =
  "Import the other module's public face, its index.ts: its tables, routes and internals are " +
  'its own (issues 11, 30; see docs/architecture.md, "Modules and their walls").';
const layerMessage = (module, layer) =>
  `The ${module} module (layer ${layer + 1} of moduleLayers in eslint.module-boundaries.js) may ` +
  'use only modules of lower layers: have app.ts hand in what it needs of this one as a port ' +
  '(issue 30).';
const schemaMessage =
  'db/schema.ts holds every table: a module uses its own tables and the services of the others ' +
  '(issue 30).';
const outsideMessage =
  "Import the module's index.ts: outside the modules only the database layer (db/, seeds) and " +
  'tests use its tables and other files (issues 11, 30).';
const httpMessage =
  'A service throws the errors of src/domain-errors.ts and knows no Fastify type; the error ' +
  'handler maps them to HTTP (issue 11).';

/**
 * Zones keeping each module off the modules of its own layer and above; `except` lets table files
 * point foreign keys anywhere. Every module folder on disk must have its layer.
 */
function layerZones(except) {
  const placed = moduleLayers.flat();
  const folders = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const unplaced = folders.filter((name) => !placed.includes(name));
  if (unplaced.length > 0)
    throw new Error(
      `Place the module ${unplaced.join(', ')} in moduleLayers (eslint.module-boundaries.js)`,
    );
  return moduleLayers.flatMap((layer, index) =>
    layer.map((module) => {
      const upper = moduleLayers
        .slice(index)
        .flat()
        .filter((other) => other !== module);
      return {
        target: path.join(modulesDir, module, '**/*'),
        from: upper.map((other) => path.join(modulesDir, other, '**/*')),
        except,
        message: layerMessage(module, index),
      };
    }),
  );
}

/** The zones of a module's files: other modules' public faces only, plus `extraPublic`. */
const moduleZones = (extraPublic = []) => [
  ...walledFolders(modulesDir, {
    except: [...publicApi, ...extraPublic],
    message: crossModuleMessage,
  }),
  ...layerZones(extraPublic),
  {
    target: path.join(modulesDir, '**/*'),
    from: path.join(src, 'db/schema.ts'),
    message: schemaMessage,
  },
];

const flowMessage =
  "A flow names the steps and calls services; the rows are written by its module's service " +
  '(issue 30.4: orders.service.ts for the checkout).';

/** Services report failures as domain errors; only routes and plugins know about HTTP. */
const webFrameworkPackages = {
  regex: String.raw`^(?:fastify|@fastify/.*)$`,
  message: httpMessage,
};

/** What a service may not reach besides other modules' insides: anything that knows HTTP. */
const serviceZones = [
  ...moduleZones(),
  { target: '**/*', from: path.join(src, 'plugins/**/*'), message: httpMessage },
  {
    target: '**/*',
    from: path.join(src, 'auth/{current-user,require-staff}.ts'),
    message: httpMessage,
  },
];

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
      'import-x/no-restricted-paths': restrictedPaths(serviceZones),
    },
  },
  {
    files: ['apps/server/src/modules/**/*.flow.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webFrameworkPackages,
            { regex: String.raw`^drizzle-orm(?:/.*)?$`, message: flowMessage },
          ],
        },
      ],
      'import-x/no-restricted-paths': restrictedPaths([
        ...serviceZones,
        { target: '**/*', from: tableFiles, message: flowMessage },
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    ignores: [...testFiles, 'apps/server/src/modules/**', 'apps/server/src/db/**'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        {
          target: '**/*',
          from: path.join(modulesDir, '*/**/*'),
          except: publicApi,
          message: outsideMessage,
        },
      ]),
    },
  },
];

export default [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  resolvedImports,
  ...moduleBoundaries,
];
