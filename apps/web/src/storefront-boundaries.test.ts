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

const importing = (source: string) => `import { x } from '${source}';\nexport { x };\n`;
const loading = (source: string) => `export const load = () => import('${source}');\n`;

const refused = (because: RegExp) => [
  expect.stringMatching(
    new RegExp(`^@typescript-eslint/no-restricted-imports: .*${because.source}`),
  ),
];

// Loading the shop's whole lint config takes seconds on a busy machine.
describe('the walls of the storefront (issue 11)', { timeout: 30_000 }, () => {
  it.each([
    ['features/reviews/planted.ts', '../accounts/auth-request.js'],
    ['features/checkout/planted.tsx', '../cart/billing-summary.js'],
    ['features/catalog/product-detail/planted.tsx', '../../cart/product-cart-buttons.js'],
    ['features/orders/planted.ts', '../../features/accounts/session-slice.js'],
    ['features/content/policies/planted.ts', '../../../features/accounts/logout.js'],
    ['features/cart/planted.ts', '../catalog/product-detail/index.js'],
  ])("refuse %s reaching into another feature's %s", async (file, source) => {
    expect(await problems(file, importing(source))).toEqual(refused(/through its index\.ts/));
  });

  it.each([
    ['features/cart/planted.ts', '../../app/store.js'],
    ['features/catalog/product-detail/planted.ts', '../../../app/routes.js'],
  ])('refuse %s importing the app (%s)', async (file, source) => {
    expect(await problems(file, importing(source))).toEqual(refused(/does not import app/));
  });

  it.each([
    ['components/ui/planted.tsx', '../../features/cart/index.js'],
    ['components/ui/planted.tsx', '../../features/catalog/catalog-api.js'],
    ['lib/planted.ts', '../features/accounts/index.js'],
    ['lib/planted.ts', '../app/store.js'],
    ['lib/planted.ts', '../app/layout/header.js'],
  ])(
    'keep shared pieces free of features and app: refuse %s importing %s',
    async (file, source) => {
      expect(await problems(file, importing(source))).toEqual(refused(/import none/));
    },
  );

  it.each([
    ['app/planted.ts', '../features/cart/cart-slice.js'],
    ['app/layout/planted.tsx', '../../features/catalog/catalog-api.js'],
    ['main.tsx', './features/accounts/session-start.js'],
  ])('refuse the app (%s) going around a feature index: %s', async (file, source) => {
    expect(await problems(file, importing(source))).toEqual(refused(/through its index\.ts/));
  });

  it.each([
    [
      'features/catalog/product-detail/planted.tsx',
      '../../reviews/product-reviews.js',
      /index\.ts/,
    ],
    ['app/planted.tsx', '../features/cart/cart-page.js', /index\.ts/],
    ['lib/planted.ts', '../app/store.js', /import none/],
  ])('hold import() to the same walls: refuse %s loading %s', async (file, source, because) => {
    expect(await problems(file, loading(source))).toEqual([
      expect.stringMatching(new RegExp(`^no-restricted-syntax: .*${because.source}`)),
    ]);
  });

  it.each([
    ['features/checkout/planted.ts', "another feature's index", importing('../cart/index.js')],
    ['features/catalog/product-detail/planted.tsx', 'an index', importing('../../cart/index.js')],
    ['features/catalog/product-detail/planted.tsx', 'its own feature', importing('../x.js')],
    ['features/cart/planted.ts', 'lib', importing('../../lib/store-hooks.js')],
    ['features/cart/planted.ts', 'components', importing('../../components/ui/icons.js')],
    ['features/cart/pages.ts', 'its own page lazily', loading('./cart-page.js')],
    ['features/cart/planted.test.ts', 'a test kit', importing('../accounts/accounts-test-kit.js')],
    ['features/checkout/checkout-test-kit.ts', 'any file', importing('../cart/cart-slice.js')],
    ['lib/planted.ts', "the store's types", "import type { RootState } from '../app/store.js';"],
    ['lib/planted.ts', 'lib', importing('./api-client.js')],
    ['components/ui/planted.tsx', 'lib', importing('../../lib/use-money.js')],
    ['app/planted.ts', 'an index', importing('../features/cart/index.js')],
    ['app/layout/planted.tsx', 'components', importing('../../components/ui/icons.js')],
    ['main.tsx', 'an index', importing('./features/accounts/index.js')],
  ])('let %s import %s', async (file, _what, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it('are part of the shop lint config, so `npm test` fails on a crossing', async () => {
    const shopConfig = new ESLint({ cwd: repoRoot });
    expect(
      await problems('features/reviews/planted.ts', importing('../accounts/logout.js'), shopConfig),
    ).toEqual(refused(/through its index\.ts/));
  });
});
