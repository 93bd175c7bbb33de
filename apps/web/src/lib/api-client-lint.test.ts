// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = decodeURIComponent(new URL('../../../../', import.meta.url).pathname);
const shopLint = new ESLint({ cwd: repoRoot });

/** The rules the shop's own lint config breaks with `code` planted at `file` (never written). */
async function brokenRules(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await shopLint.lintText(code, { filePath: `${repoRoot}apps/web/src/${file}` });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

// Loading the shop's whole lint config takes seconds on a busy machine.
describe('one way to call the API (issue 11)', { timeout: 30_000 }, () => {
  it.each([
    ['fetch', 'no-restricted-globals'],
    ['window.fetch', 'no-restricted-properties'],
    ['globalThis.fetch', 'no-restricted-properties'],
  ])('refuses a raw %s beside the API client', async (call, rule) => {
    const code = `export const send = () => ${call}('/api/notification/addenquiry');\n`;
    expect(await brokenRules('features/cleaning/planted.ts', code)).toEqual([rule]);
  });

  it('lets the API client itself call fetch', async () => {
    expect(
      await brokenRules('lib/api-client.ts', "export const send = () => fetch('/api');\n"),
    ).toEqual([]);
  });

  it('leaves the storefront walls in force beside it', async () => {
    const code =
      "export const load = () => import('../app/store.js');\n" +
      "export const send = () => fetch('/api');\n";
    expect(await brokenRules('lib/planted.ts', code)).toEqual([
      'walls/no-restricted-value-paths',
      'no-restricted-globals',
    ]);
  });
});
