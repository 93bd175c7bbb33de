// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const walls = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: `${repoRoot}eslint.storefront-boundaries.js`,
});

/** The messages ESLint gives `code` planted at `file` under apps/web/src (never written). */
async function problems(file: string, code: string, eslint = walls): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${file}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const importing = (source: string) => `import { x } from '${source}'; export { x };\n`;
const loading = (source: string) => `export const load = () => import('${source}');\n`;
const reExporting = (source: string) => `export { x } from '${source}';\n`;
const reExportingAll = (source: string) => `export * from '${source}';\n`;

/** The walls judge the file an import resolves to: one refusal, whatever the spelling. */
const refused = (because: RegExp, rule = 'import-x/no-restricted-paths') => [
  expect.stringMatching(new RegExp(`^${rule}: .*${because.source}`)),
];

/** Four folders below `features/cart/`: five steps up reach `features/`. */
const deep = 'features/cart/a/b/c/d/planted.ts';

// Loading the shop's whole lint config takes seconds on a busy machine.
describe('the walls of the storefront (issues 11, 30)', { timeout: 30_000 }, () => {
  it.each([
    ['features/reviews/planted.ts', importing('../accounts/auth-request.js')],
    ['features/checkout/planted.tsx', importing('../cart/billing-summary.js')],
    [
      'features/catalog/product-detail/planted.tsx',
      importing('../../cart/product-cart-buttons.js'),
    ],
    ['features/orders/planted.ts', importing('../../features/accounts/session-slice.js')],
    ['features/content/policies/planted.ts', importing('../../../features/accounts/logout.js')],
    ['features/cart/planted.ts', importing('../catalog/product-detail/product-page.js')],
    // Spellings the walls on import text let through (issue 30).
    [deep, importing('../../../../../accounts/logout.js')],
    [deep, importing('../../../../../../features/accounts/logout.js')],
    [deep, loading('../../../../../accounts/logout.js')],
    [deep, reExporting('../../../../../accounts/logout.js')],
    [
      'features/catalog/product-detail/planted.ts',
      importing('../../../../src/features/cart/cart-slice.js'),
    ],
    ['features/reviews/planted.ts', importing('../../features/../features/accounts/logout.js')],
    ['features/reviews/planted.ts', importing('../../lib/../features/accounts/logout.js')],
    ['features/reviews/planted.ts', importing('../reviews/../accounts/logout.js')],
    ['features/reviews/planted.ts', reExportingAll('../accounts/session-slice.js')],
    ['features/reviews/planted.ts', importing('../accounts/logout')],
    ['features/reviews/planted.ts', importing('../accounts/logout.ts')],
  ])('refuse %s reaching into another feature: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual(refused(/through its index\.ts/));
  });

  it.each([
    ['features/cart/planted.ts', importing('../../app/store.js')],
    ['features/catalog/product-detail/planted.ts', importing('../../../app/routes.js')],
    [deep, importing('../../../../../../app/store.js')],
    [deep, loading('../../../../../../app/routes.js')],
    ['features/cart/planted.ts', reExporting('../../features/../app/layout/header.js')],
    ['features/cart/planted.ts', importing('../../main.js')],
  ])('refuse %s importing the app: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual(refused(/does not import app/));
  });

  it.each([
    ['components/ui/planted.tsx', importing('../../features/cart/index.js')],
    ['components/ui/planted.tsx', importing('../../features/catalog/catalog-api.js')],
    ['components/ui/planted.tsx', loading('../../features/cart/cart-page.js')],
    ['lib/planted.ts', importing('../features/accounts/index.js')],
    ['lib/planted.ts', reExporting('./../features/accounts/logout.js')],
    ['lib/deeper/still/planted.ts', importing('../../../features/accounts/index.js')],
    ['lib/planted.ts', importing('../app/layout/header.js')],
    ['lib/planted.ts', loading('../app/routes.js')],
    ['lib/planted.ts', importing('../main.js')],
  ])('keep shared pieces free of features and app: refuse %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual(refused(/import none/));
  });

  it.each([
    ['lib/planted.ts', importing('../app/store.js')],
    ['lib/planted.ts', importing('../app/layout/../store.js')],
    ['lib/planted.ts', loading('../app/store.js')],
    ['lib/planted.ts', reExporting('../app/store.js')],
    // Kept as an import of the store's module under `verbatimModuleSyntax`.
    [
      'lib/planted.ts',
      "import { type RootState } from '../app/store.js';\nexport type { RootState };\n",
    ],
    ['components/ui/planted.tsx', importing('../../app/store.js')],
  ])('take from the store its types only: refuse %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual(
      refused(/import none/, 'walls/no-restricted-value-paths'),
    );
  });

  it.each([
    ['app/planted.ts', importing('../features/cart/cart-slice.js')],
    ['app/layout/planted.tsx', importing('../../features/catalog/catalog-api.js')],
    ['main.tsx', importing('./features/accounts/session-start.js')],
    ['main.tsx', importing('./features/../features/accounts/session-start.js')],
    ['entry-server.tsx', importing('./features/catalog/catalog-api.js')],
    ['app/planted.tsx', loading('../features/cart/cart-page.js')],
    ['app/planted.tsx', reExporting('../features/cart/cart-page.js')],
  ])('refuse the app (%s) going around a feature index: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual(refused(/through its index\.ts/));
  });

  it.each([
    ['features/checkout/planted.ts', "another feature's index", importing('../cart/index.js')],
    ['features/catalog/product-detail/planted.tsx', 'an index', importing('../../cart/index.js')],
    [deep, 'an index from deep down', importing('../../../../../accounts/index.js')],
    [deep, 'an index lazily', loading('../../../../../accounts/index.js')],
    [deep, 'its own feature', importing('../../../../cart-slice.js')],
    ['features/catalog/product-detail/planted.tsx', 'its own feature', importing('../x.js')],
    ['features/cart/planted.ts', 'lib', importing('../../lib/store-hooks.js')],
    ['features/cart/planted.ts', 'components', importing('../../components/ui/icons.js')],
    ['features/cart/pages.ts', 'its own page lazily', loading('./cart-page.js')],
    ['features/cart/planted.test.ts', 'a test kit', importing('../accounts/accounts-test-kit.js')],
    ['features/checkout/checkout-test-kit.ts', 'any file', importing('../cart/cart-slice.js')],
    ['lib/planted.ts', "the store's types", "import type { RootState } from '../app/store.js';"],
    ['lib/planted.ts', "the store's types", "export type { RootState } from '../app/store.js';"],
    [
      'components/ui/planted.tsx',
      "the store's types",
      "import type { AppDispatch } from '../../app/store.js';",
    ],
    ['lib/planted.ts', 'lib', importing('./api-client.js')],
    ['components/ui/planted.tsx', 'lib', importing('../../lib/use-money.js')],
    ['app/planted.ts', 'an index', importing('../features/cart/index.js')],
    ['app/planted.tsx', 'an index lazily', loading('../features/cart/index.js')],
    ['app/layout/planted.tsx', 'components', importing('../../components/ui/icons.js')],
    ['main.tsx', 'an index', importing('./features/accounts/index.js')],
    ['entry-server.tsx', 'an index', importing('./features/catalog/index.js')],
  ])('let %s import %s', async (file, _what, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it('are part of the shop lint config, so `npm test` fails on a crossing', async () => {
    const shopConfig = new ESLint({ cwd: repoRoot });
    expect(
      await problems(deep, importing('../../../../../accounts/logout.js'), shopConfig),
    ).toEqual(refused(/through its index\.ts/));
    expect(await problems('lib/planted.ts', importing('../app/store.js'), shopConfig)).toEqual(
      refused(/import none/, 'walls/no-restricted-value-paths'),
    );
  });
});
