import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: path.join(repoRoot, 'eslint.module-boundaries.js'),
});

/**
 * The import-rule messages ESLint gives a file planted at `file` (not written) whose text is
 * `source`, or `import { x } from '<source>'` when `source` is a bare module path.
 */
async function importProblems(file: string, source: string): Promise<string[]> {
  const text = source.includes('\n') ? source : `import { x } from '${source}';\nexport { x };\n`;
  const [result] = await eslint.lintText(text, {
    filePath: path.join(repoRoot, 'apps/server/src', file),
  });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const crossing = expect.stringMatching(/^import-x\/no-restricted-paths: .*public face, its index/);
const upward = expect.stringMatching(
  /^import-x\/no-restricted-paths: .*may use only modules of lower layers/,
);

describe('the walls between server modules (issues 11, 30)', () => {
  it.each([
    ['modules/reviews/planted.ts', '../orders/orders.tables.js'],
    ['modules/shipping/planted.ts', '../accounts/accounts.tables.js'],
    ['modules/orders/planted.ts', '../cart/cart.routes.js'],
    ['modules/content/planted.ts', '../catalog/product-card.js'],
    ['modules/reviews/reviews.service.ts', '../catalog/catalog.tables.js'],
    // Issue 30: the spellings a regex on the import's text let through.
    ['modules/reviews/reviews.service.ts', '../../modules/accounts/accounts.tables.js'],
    ['modules/reviews/internal/planted.ts', '../../accounts/accounts.tables.js'],
    ['modules/reviews/reviews.service.ts', '../reviews/../accounts/accounts.tables.js'],
    ['modules/reviews/reviews.service.ts', './../accounts/accounts.tables.js'],
    // Issue 30: a module's public face is its index.ts, not its services.
    ['modules/reviews/planted.ts', '../catalog/products.service.js'],
    ['modules/reviews/internal/planted.ts', '../../catalog/products.service.js'],
    ['modules/orders/planted.ts', '../accounts/authenticate.js'],
    ['modules/orders/planted.ts', '../countries/countries.js'],
  ])('refuse %s importing %s', async (file, source) => {
    expect(await importProblems(file, source)).toEqual([crossing]);
  });

  it.each([
    ['a dynamic import()', "export const load = () => import('../accounts/accounts.tables.js');\n"],
    ['an export … from', "export { users } from '../accounts/accounts.tables.js';\n"],
    ['an export * from', "export * from '../orders/orders.tables.js';\n"],
    [
      'a type-only import',
      "import type { users } from '../accounts/accounts.tables.js';\nexport type U = typeof users;\n",
    ],
  ])('refuse a crossing written as %s', async (_kind, source) => {
    expect(await importProblems('modules/reviews/reviews.service.ts', source)).toEqual([crossing]);
  });

  it.each([
    // The cycle of issue 30: promotions and cart asked the orders, which use them.
    ['modules/promotions/promotions.service.ts', '../orders/index.js'],
    ['modules/cart/cart.service.ts', '../orders/index.js'],
    ['modules/catalog/products-admin.service.ts', '../orders/index.js'],
    ['modules/currency/currency.service.ts', '../shipping/index.js'],
    // Same layer: neither may use the other.
    ['modules/cart/planted.ts', '../accounts/index.js'],
    ['modules/catalog/internal/planted.ts', '../../../modules/orders/index.js'],
    // A table file may point a foreign key at any table, but not use a higher module.
    ['modules/catalog/catalog.tables.ts', '../orders/index.js'],
  ])('refuse %s using a module of its own layer or above (%s)', async (file, source) => {
    expect(await importProblems(file, source)).toEqual([upward]);
  });

  it('refuse a module above reached through its internals with both messages', async () => {
    expect(
      await importProblems('modules/promotions/planted.ts', '../orders/orders-admin.service.js'),
    ).toEqual([crossing, upward]);
  });

  it.each([
    ['modules/reviews/reviews.service.ts', '../../db/schema.js'],
    ['modules/reviews/internal/planted.ts', '../../../db/schema.js'],
  ])('refuse %s importing every table at once (%s)', async (file, source) => {
    expect(
      await importProblems(file, `import * as schema from '${source}';\nexport { schema };\n`),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*db\/schema\.ts holds/)]);
  });

  it.each([
    ['modules/reviews/reviews.service.ts', 'fastify'],
    ['modules/shipping/shipping.service.ts', '../../plugins/error-handler.js'],
    ['modules/shipping/shipping.service.ts', '../../modules/../plugins/error-handler.js'],
    ['modules/orders/checkout.flow.ts', '@fastify/rate-limit'],
    ['modules/reviews/reviews.service.ts', '../../auth/current-user.js'],
    ['modules/orders/orders.service.ts', '../../auth/require-staff.js'],
  ])('keep HTTP out of services: refuse %s importing %s', async (file, source) => {
    expect(await importProblems(file, source)).toEqual([
      expect.stringMatching(
        /^(?:no-restricted-imports|import-x\/no-restricted-paths): .*knows no Fastify type/,
      ),
    ]);
  });

  it.each([
    ["import { eq } from 'drizzle-orm';\nexport { eq };\n"],
    ["import { checkouts } from './orders.tables.js';\nexport { checkouts };\n"],
    ["import type { orders } from './orders.tables.js';\nexport type O = typeof orders;\n"],
  ])(
    'keep rows out of the checkout flow, which calls the orders service: refuse %s',
    async (source) => {
      expect(await importProblems('modules/orders/checkout.flow.ts', source)).toEqual([
        expect.stringMatching(
          /^(?:no-restricted-imports|import-x\/no-restricted-paths): .*rows are written by its module's service/,
        ),
      ]);
    },
  );

  it.each([
    ['admin/planted.ts', '../modules/accounts/accounts.tables.js'],
    ['config/planted.ts', '../db/../modules/orders/orders.tables.js'],
    ['admin/planted.ts', '../modules/accounts/users.service.js'],
    ['planted.ts', './modules/catalog/catalog.routes.js'],
    ['plugins/planted.ts', '../modules/catalog/search-index.js'],
  ])(
    'refuse code outside the modules (%s) reaching past a module index (%s)',
    async (file, source) => {
      expect(await importProblems(file, source)).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*Import the module's index\.ts/),
      ]);
    },
  );

  it.each([
    ['modules/reviews/planted.ts', '../catalog/index.js'],
    ['modules/reviews/internal/planted.ts', '../../catalog/index.js'],
    ['modules/reviews/internal/planted.ts', '../reviews.tables.js'],
    ['modules/orders/planted.ts', '../countries/index.js'],
    ['modules/orders/orders.service.ts', '../mail/index.js'],
    ['modules/reviews/reviews.routes.ts', '../../auth/current-user.js'],
    ['modules/reviews/reviews.service.ts', '../../auth/authenticated-user.js'],
    ['modules/reviews/planted.ts', './reviews.tables.js'],
    ['modules/audit/audit.tables.ts', '../accounts/accounts.tables.js'],
    ['modules/reviews/planted.ts', '../../domain-errors.js'],
    ['modules/reviews/reviews.tables.ts', '../catalog/catalog.tables.js'],
    ['modules/reviews/planted.test.ts', '../orders/orders.tables.js'],
    ['db/planted.ts', '../modules/catalog/catalog.tables.js'],
    ['admin/planted.ts', '../modules/accounts/index.js'],
    ['app.ts', './modules/orders/index.js'],
    ['modules/reviews/reviews.routes.ts', 'fastify'],
    ['modules/reviews/reviews.routes.ts', '../../plugins/rate-limit.js'],
  ])('let %s import %s', async (file, source) => {
    expect(await importProblems(file, source)).toEqual([]);
  });

  it('are part of the lint that `npm test` runs: the root config refuses a planted crossing', async () => {
    const projectLint = new ESLint({ cwd: repoRoot });
    const [result] = await projectLint.lintText(
      "import { users } from '../accounts/accounts.tables.js';\nexport { users };\n",
      { filePath: path.join(repoRoot, 'apps/server/src/modules/reviews/planted.ts') },
    );
    expect(result?.messages.map((message) => message.ruleId)).toContain(
      'import-x/no-restricted-paths',
    );
  });
});
