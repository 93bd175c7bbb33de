import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: path.join(repoRoot, 'eslint.module-boundaries.js'),
});

/** The import-rule messages ESLint gives a one-line file planted at `file` (not written). */
async function importProblems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${source}';\nexport { x };\n`, {
    filePath: path.join(repoRoot, 'apps/server/src', file),
  });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the walls between server modules (issue 11)', () => {
  it.each([
    ['modules/reviews/planted.ts', '../orders/orders.tables.js'],
    ['modules/shipping/planted.ts', '../accounts/accounts.tables.js'],
    ['modules/cart/planted.ts', '../orders/orders.routes.js'],
    ['modules/content/planted.ts', '../catalog/product-card.js'],
    ['modules/reviews/reviews.service.ts', '../catalog/catalog.tables.js'],
  ])('refuse %s importing %s', async (file, source) => {
    expect(await importProblems(file, source)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*service API/),
    ]);
  });

  it.each([
    ['modules/reviews/reviews.service.ts', 'fastify'],
    ['modules/shipping/shipping.service.ts', '../../plugins/error-handler.js'],
    ['modules/orders/checkout.flow.ts', '@fastify/rate-limit'],
  ])('keep HTTP out of services: refuse %s importing %s', async (file, source) => {
    expect(await importProblems(file, source)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*knows no Fastify type/),
    ]);
  });

  it('refuse code outside the modules (the admin tools) reading a module table', async () => {
    expect(
      await importProblems('admin/planted.ts', '../modules/accounts/accounts.tables.js'),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*Call the module's service/)]);
  });

  it.each([
    ['modules/reviews/planted.ts', '../catalog/products.service.js'],
    ['modules/reviews/planted.ts', '../accounts/authenticate.js'],
    ['modules/reviews/planted.ts', './reviews.tables.js'],
    ['modules/reviews/planted.ts', '../../domain-errors.js'],
    ['modules/reviews/reviews.tables.ts', '../catalog/catalog.tables.js'],
    ['modules/reviews/planted.test.ts', '../orders/orders.tables.js'],
    ['db/planted.ts', '../modules/catalog/catalog.tables.js'],
    ['admin/planted.ts', '../modules/accounts/users.service.js'],
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
    expect(result?.messages.map((message) => message.ruleId)).toContain('no-restricted-imports');
  });
});
