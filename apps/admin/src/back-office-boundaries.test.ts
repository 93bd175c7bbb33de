// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const walls = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: `${repoRoot}eslint.back-office-boundaries.js`,
});

/** The messages ESLint gives `code` planted at `file` under apps/admin/src (never written). */
async function problems(file: string, code: string, eslint = walls): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/admin/src/${file}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const importing = (source: string) => `import { x } from '${source}'; export { x };\n`;
const loading = (source: string) => `export const load = () => import('${source}');\n`;
const reExporting = (source: string) => `export { x } from '${source}';\n`;
const reExportingAll = (source: string) => `export * from '${source}';\n`;
const calling = (call: string) => `export const send = () => ${call}('/api/admin/orders');\n`;

/** The walls judge the file an import resolves to: one refusal, whatever the spelling. */
const refused = (because: RegExp, rule = 'import-x/no-restricted-paths') => [
  expect.stringMatching(new RegExp(`^${rule}: .*${because.source}`)),
];

/** Four folders below `features/promotions/`: five steps up reach `features/`. */
const deep = 'features/promotions/a/b/c/d/planted.ts';

// Loading the shop's whole lint config takes seconds on a busy machine.
describe('the walls of the back office (issue 30)', { timeout: 30_000 }, () => {
  it.each([
    ['features/customers/planted.tsx', importing('../reviews/review-labels.js')],
    ['features/promotions/planted.tsx', importing('../orders/order-states.js')],
    ['features/promotions/planted.tsx', importing('../orders/orders-page.js')],
    [deep, importing('../../../../../orders/order-states.js')],
    [deep, importing('../../../../../../features/orders/order-states.js')],
    [
      'features/customers/planted.ts',
      importing('../../features/../features/reviews/star-rating.js'),
    ],
    ['features/customers/planted.ts', importing('../../../src/features/orders/order-sums.js')],
    ['features/customers/planted.ts', importing('../../lib/../features/orders/order-sums')],
    ['features/customers/planted.ts', loading('../orders/refund-dialog.js')],
    ['features/customers/planted.ts', reExporting('../reviews/review-labels.js')],
    ['features/customers/planted.ts', reExportingAll('../reviews/star-rating.js')],
    ['features/customers/planted.ts', "import type { X } from '../orders/order-sums.js';"],
  ])('refuse %s reaching into another feature: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual(refused(/through its index\.ts/));
  });

  it.each([
    ['features/orders/planted.ts', importing('../../app/shell.js')],
    ['features/orders/planted.ts', loading('../../app/routes.js')],
    [deep, importing('../../../../../../app/shell.js')],
    ['features/orders/planted.ts', importing('../../main.js')],
  ])('refuse %s importing the app: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual(refused(/does not import app/));
  });

  it.each([
    ['components/planted.tsx', importing('../features/orders/index.js')],
    ['components/planted.tsx', importing('../features/orders/order-states.js')],
    ['components/planted.tsx', loading('../features/reviews/reviews-page.js')],
    ['components/sub/dir/planted.tsx', importing('../../../features/orders/index.js')],
    ['lib/planted.ts', reExporting('../features/reviews/index.js')],
    ['lib/planted.ts', importing('./../features/../features/orders/order-sums.js')],
    ['lib/planted.ts', "import type { X } from '../features/orders/order-sums.js';"],
    ['lib/planted.ts', importing('../app/shell.js')],
    ['lib/planted.ts', importing('../main.js')],
  ])('keep shared pieces free of features and app: refuse %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual(refused(/import none/));
  });

  it.each([
    ['app/planted.tsx', importing('../features/orders/order-states.js')],
    ['app/planted.tsx', loading('../features/orders/refund-dialog.js')],
    ['app/planted.tsx', reExporting('../features/reviews/review-labels.js')],
    ['main.tsx', importing('./features/reviews/star-rating.js')],
    ['main.tsx', importing('./app/../features/orders/order-sums.js')],
  ])('refuse the app (%s) going around a feature index: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual(refused(/through its index\.ts/));
  });

  it.each([
    ['features/orders/planted.ts', 'fetch', 'no-restricted-globals'],
    ['features/orders/planted.ts', 'window.fetch', 'no-restricted-properties'],
    ['features/orders/planted.ts', 'globalThis.fetch', 'no-restricted-properties'],
    ['features/orders/planted.ts', 'self.fetch', 'no-restricted-properties'],
    [deep, 'fetch', 'no-restricted-globals'],
    ['components/planted.tsx', 'fetch', 'no-restricted-globals'],
    ['lib/api-query.ts', 'fetch', 'no-restricted-globals'],
    ['app/shell.tsx', 'fetch', 'no-restricted-globals'],
  ])('refuse in %s a raw %s beside the API client', async (file, call, rule) => {
    expect(await problems(file, calling(call))).toEqual(refused(/through api or apiFile/, rule));
  });

  it.each([
    ['features/orders/planted.ts', importing('../../lib/api-client.js')],
    ['features/orders/order-page.tsx', importing('../../lib/api-client.js')],
    ['features/orders/planted.tsx', loading('../../lib/api-client.js')],
    ['features/orders/planted.ts', reExporting('../../lib/api-query.js')],
    ['features/orders/planted.ts', "import type { CallOptions } from '../../lib/api-client.js';"],
    ['features/orders/planted.ts', importing('../../lib/../lib/download.js')],
    [deep, importing('../../../../../../lib/api-client.js')],
    ['features/promotions/a/api.ts', importing('../../../lib/api-client.js')],
  ])('keep the calls in api.ts: refuse %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual(refused(/feature's api\.ts/));
  });

  it.each([
    ['features/customers/planted.tsx', "another feature's index", importing('../reviews/index.js')],
    [deep, 'an index from deep down', importing('../../../../../orders/index.js')],
    [deep, 'an index lazily', loading('../../../../../reviews/index.js')],
    [deep, 'its own feature', importing('../../../../coupon-form.js')],
    ['features/orders/planted.ts', 'its own feature', importing('./order-states.js')],
    ['features/orders/planted.ts', 'lib', importing('../../lib/format.js')],
    ['features/orders/api.ts', 'the API client', importing('../../lib/api-client.js')],
    ['features/orders/api.ts', 'the query helpers', importing('../../lib/api-query.js')],
    ['features/orders/planted.ts', 'the shared calls', importing('../../lib/api.js')],
    ['features/orders/planted.ts', 'the API error', importing('../../lib/api-error.js')],
    ['features/orders/planted.ts', 'components', importing('../../components/confirm.js')],
    ['features/orders/planted.test.tsx', 'any file', importing('../reviews/review-labels.js')],
    ['lib/planted.ts', 'lib', importing('./api-client.js')],
    ['components/planted.tsx', 'lib', importing('../lib/api.js')],
    ['app/planted.tsx', 'an index', importing('../features/orders/index.js')],
    ['app/planted.tsx', 'a page', importing('../features/login/login-page.js')],
    ['app/planted.tsx', 'a page lazily', loading('../features/orders/orders-page.js')],
    ['app/planted.tsx', 'lib', importing('../lib/use-session.js')],
    ['main.tsx', 'the router', importing('./app/routes.js')],
    ['main.tsx', 'components', importing('./components/toasts.js')],
  ])('let %s import %s', async (file, _what, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it.each([
    ['lib/api-client.ts', 'the API client', calling('fetch')],
    [
      'features/orders/planted.test.tsx',
      'a test stubbing it',
      "import { vi } from 'vitest';\nvi.stubGlobal('fetch', () => undefined);\n",
    ],
  ])('let %s name fetch (%s)', async (file, _what, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it('are part of the shop lint config, so `npm test` fails on a crossing', async () => {
    const shopConfig = new ESLint({ cwd: repoRoot });
    expect(
      await problems(deep, importing('../../../../../orders/order-states.js'), shopConfig),
    ).toEqual(refused(/through its index\.ts/));
    expect(await problems('features/orders/planted.ts', calling('fetch'), shopConfig)).toEqual(
      refused(/through api or apiFile/, 'no-restricted-globals'),
    );
    expect(
      await problems(
        'features/orders/planted.ts',
        importing('../../lib/api-client.js'),
        shopConfig,
      ),
    ).toEqual(refused(/feature's api\.ts/));
  });
});
