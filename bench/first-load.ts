// `npm run bench:first-load`: what a browser downloads before the storefront's first page can
// run, in each language: the entry's scripts, their module preloads and the page language's
// catalogue chunk, which the server preloads beside the entry (gzip, as served). Writes
// bench/results/first-load.{json,md}; `npm run bench` reports it too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');

export const firstLoadTargetJsGzip = 90_000;

export interface FirstLoadWeight {
  /** The language whose catalogue chunk is counted: the page at `/` (nb) or `/en` (en). */
  language: 'nb' | 'en';
  jsFiles: string[];
  jsGzipBytes: number;
  cssFiles: string[];
  cssGzipBytes: number;
}

/** The storefront's first load in both languages, built into a folder of the bench's own. */
export function firstLoadWeights(): FirstLoadWeight[] {
  // Outside the tree, so the lint of the repository never reads the built chunks.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-dist-'));
  try {
    // The client bundle only (what a browser loads), not the storefront's server-side build.
    const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const files = (pattern: RegExp) =>
      [...html.matchAll(pattern)].map((match) => match[1] as string);
    const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length;
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string } | undefined>;
    const entry = files(/<script[^>]+src="([^"]+\.js)"/g).concat(
      files(/<link rel="modulepreload"[^>]+href="([^"]+)"/g),
    );
    const css = files(/<link rel="stylesheet"[^>]+href="([^"]+\.css)"/g);
    const cssGzipBytes = css.reduce((sum, file) => sum + gzip(file), 0);
    return (['nb', 'en'] as const).map((language) => {
      const catalogue = manifest[`src/i18n/${language}.ts`]?.file;
      if (!catalogue) throw new Error(`no catalogue chunk for ${language} in the build`);
      const js = [...entry, `/${catalogue}`];
      return {
        language,
        jsFiles: js,
        jsGzipBytes: js.reduce((sum, file) => sum + gzip(file), 0),
        cssFiles: css,
        cssGzipBytes,
      };
    });
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

/** One line a language, for this bench's report and `npm run bench`'s. */
export function firstLoadLines(weights: readonly FirstLoadWeight[]): string[] {
  return weights.map(
    ({ language, jsGzipBytes, cssGzipBytes }) =>
      `First load at ${language === 'nb' ? '/' : '/en'} (${language}): JS ${(jsGzipBytes / 1000).toFixed(1)} kB gzip (target under ${firstLoadTargetJsGzip / 1000} kB: ${jsGzipBytes < firstLoadTargetJsGzip ? 'yes' : '**no**'}), CSS ${(cssGzipBytes / 1000).toFixed(1)} kB gzip.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const weights = firstLoadWeights();
  const date = new Date().toISOString();
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'first-load.json'),
    `${JSON.stringify({ date, weights }, null, 2)}\n`,
  );
  const lines = [
    `# First load ${date}`,
    '',
    'What a browser downloads before the first page runs: the entry, its module preloads and the',
    "page language's catalogue chunk, gzip. A byte count, so the machine's speed does not enter it.",
    '',
    ...firstLoadLines(weights),
    '',
  ];
  fs.writeFileSync(path.join(resultsDir, 'first-load.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}
