// Lighthouse on the storefront: the home page, a category and a product, in Lighthouse's default
// mode (a mid-range phone: mobile emulation and simulated slow 4G with a 4x slower CPU), on
// Debian's Chromium. The shop runs as `npm start` runs it (production mode, embedded database,
// demo catalogue) on a fresh data folder. Three runs per page; the run with the median
// performance score gives the page's figures. Scores are recorded here, never asserted in tests.
// Results go to bench/results/lighthouse.{json,md}.
//
// WEB_DIST_DIR measures a storefront built elsewhere (the server then runs from its sources);
// without it the bench builds what is stale, as `npm start` does, and runs the compiled server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');
const port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 5094);
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = 3;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

type Category = (typeof categories)[number];

interface FailingAudit {
  id: string;
  title: string;
  score: number;
  displayValue?: string;
}

interface PageFigures {
  name: string;
  url: string;
  scores: Record<Category, number>;
  performanceRuns: number[];
  metrics: Record<keyof typeof metrics, number>;
  failing: Record<Category, FailingAudit[]>;
}

/** One shop page of each kind that Lighthouse measures, found through the shop's own API. */
async function pagesToMeasure(): Promise<{ name: string; path: string }[]> {
  const { categories: tree } = (await (await fetch(`${origin}/api/categories/web`)).json()) as {
    categories: { _id: string; slug: string }[];
  };
  const category = tree[0];
  if (!category) throw new Error('the demo catalogue has no category');
  const listing = (await (
    await fetch(`${origin}/api/products/category/${category._id}?page=1&limit=15`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as { products: { slug: string }[] };
  const product = listing.products[0];
  if (!product) throw new Error(`category ${category.slug} lists no product`);
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: `/category/${category.slug}` },
    { name: 'product', path: `/product/${product.slug}` },
  ];
}

/** Audits of a category that cost it points, the hidden ones (metrics' inputs) left out. */
function failingAudits(lhr: Result, category: Category): FailingAudit[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.group !== 'hidden')
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is NonNullable<typeof audit> =>
        audit !== undefined &&
        audit.score !== null &&
        audit.score < 1 &&
        ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode),
    )
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score ?? 0,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    }));
}

async function lighthouseRun(url: string, attempt = 1): Promise<Result> {
  // A fresh browser each run: no cache, service worker or storage carried over.
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    const answer = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    const failure = answer.lhr.runtimeError;
    if (!failure) return answer.lhr;
    // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page.
    if (attempt >= 3) throw new Error(`${url}: ${failure.message}`);
    console.warn(`  ${failure.code}: trying again`);
  } finally {
    chrome.kill();
  }
  return lighthouseRun(url, attempt + 1);
}

const score = (lhr: Result, category: Category) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

async function measurePage(name: string, url: string): Promise<PageFigures> {
  const lhrs: Result[] = [];
  for (let index = 0; index < runs; index += 1) {
    const lhr = await lighthouseRun(url);
    lhrs.push(lhr);
    console.log(
      `  ${name} run ${index + 1}: ${categories.map((category) => `${category} ${score(lhr, category)}`).join(', ')}`,
    );
  }
  const median = lhrs.toSorted((a, b) => score(a, 'performance') - score(b, 'performance'))[
    Math.floor(runs / 2)
  ] as Result;
  return {
    name,
    url,
    scores: Object.fromEntries(
      categories.map((category) => [category, score(median, category)]),
    ) as Record<Category, number>,
    performanceRuns: lhrs.map((lhr) => score(lhr, 'performance')),
    metrics: Object.fromEntries(
      Object.entries(metrics).map(([key, id]) => {
        const value = median.audits[id]?.numericValue ?? 0;
        return [key, key === 'cls' ? Number(value.toFixed(3)) : Math.round(value)];
      }),
    ) as Record<keyof typeof metrics, number>,
    failing: Object.fromEntries(
      categories.map((category) => [category, failingAudits(median, category)]),
    ) as Record<Category, FailingAudit[]>,
  };
}

const webDistDir = process.env.WEB_DIST_DIR;
if (!webDistDir) {
  const { buildWhatIsStale } = (await import('../scripts/build-if-stale.mjs')) as {
    buildWhatIsStale: () => void;
  };
  buildWhatIsStale();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-lighthouse-'));
const serverEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PUBLIC_URL: origin,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: 'warn',
};
let server: ReturnType<typeof spawn> | undefined;
// Stopped half-way (Ctrl+C), the bench leaves no server running and no data folder behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  });
}
try {
  console.log('Setting up the demo shop on a fresh data folder…');
  const firstStart = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/db/seed/first-start.ts'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: serverEnv },
  );
  if (firstStart.status !== 0) throw new Error('setting up the demo shop failed');

  server = spawn(
    process.execPath,
    webDistDir ? ['--import', 'tsx', 'apps/server/src/server.ts'] : ['apps/server/dist/server.js'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: serverEnv },
  );
  const started = performance.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped with ${server.exitCode}`);
    const ready = await fetch(`${origin}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (performance.now() - started > 120_000) throw new Error('/ready did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const pages: PageFigures[] = [];
  for (const page of await pagesToMeasure()) {
    console.log(`\nLighthouse on ${page.name} (${page.path})`);
    pages.push(await measurePage(page.name, `${origin}${page.path}`));
  }

  const chromium = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const { version } = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ) as { version: string };
  const results = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, ${os.cpus().length} cores, node ${process.version}`,
    lighthouse: version,
    chromium,
    mode: 'default (mobile emulation, simulated throttling)',
    runs,
    pages,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'lighthouse.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );

  const pagePath = (url: string) => new URL(url).pathname;
  const markdown = [
    `# Lighthouse ${results.date}`,
    '',
    `Lighthouse ${version} on ${chromium} (headless), ${results.machine}. Lighthouse's default mode: a mid-range phone (mobile emulation, simulated slow 4G and a 4x slower CPU). ${runs} runs per page, each in a fresh browser; the run with the median performance score gives the page's figures. The shop runs in production mode on the embedded database with the demo catalogue.`,
    '',
    '| page | performance (runs) | accessibility | best practices | SEO | FCP (ms) | LCP (ms) | TBT (ms) | CLS | Speed Index (ms) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...pages.map(
      (page) =>
        `| ${page.name} \`${pagePath(page.url)}\` | ${page.scores.performance} (${page.performanceRuns.join(', ')}) | ${page.scores.accessibility} | ${page.scores['best-practices']} | ${page.scores.seo} | ${page.metrics.fcpMs} | ${page.metrics.lcpMs} | ${page.metrics.tbtMs} | ${page.metrics.cls} | ${page.metrics.speedIndexMs} |`,
    ),
    '',
    '## Audits that cost points (median run)',
    '',
    ...pages.flatMap((page) => {
      const lines = categories.flatMap((category) =>
        page.failing[category].map(
          (audit) =>
            `- ${category}: \`${audit.id}\` ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}, score ${audit.score}`,
        ),
      );
      return [`### ${page.name}`, '', ...(lines.length ? lines : ['None.']), ''];
    }),
  ].join('\n');
  fs.writeFileSync(path.join(resultsDir, 'lighthouse.md'), markdown);
  console.log(`\n${markdown}`);
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
