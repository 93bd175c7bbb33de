// Lighthouse on the storefront: the home page, a category and a product, in Lighthouse's default
// mode (a mid-range phone: mobile emulation and simulated slow 4G with a 4x slower CPU), on
// Debian's Chromium. The shop runs as `npm start` runs it (production mode, embedded database,
// demo catalogue) on a fresh data folder. Three runs per page; the run with the median
// performance score gives the page's figures. Scores are recorded here, never asserted in tests.
// Results go to bench/results/lighthouse.{json,md}.
//
// The machine is shared and its load moves the main-thread figures more than any change does, so
// the run also measures a reference page: the home page's own server-rendered HTML with every
// script taken out (the same CSS, images and DOM, no JavaScript), served beside the shop. The
// pages' main-thread work and Total Blocking Time are read against it, and the load average is
// written beside them. The DOM is counted as a desktop visitor gets it: every element
// (`querySelectorAll('*')`) of the hydrated page in a 1366 px wide window.
//
// WEB_DIST_DIR measures a storefront built elsewhere (the server then runs from its sources);
// without it the bench builds what is stale, as `npm start` does, and runs the compiled server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');
const port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 5094);
const origin = `http://127.0.0.1:${port}`;
const referencePort = port + 1;
const referenceOrigin = `http://127.0.0.1:${referencePort}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = 3;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  mainThreadMs: 'mainthread-work-breakdown',
  scriptMs: 'bootup-time',
  domBodyElements: 'dom-size',
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
  /** The hydrated page at 1366 px: every element (`document.querySelectorAll('*')`), and those left unhydrated. */
  dom: DomFigures;
  /** The one-minute load average while the page's runs went on. */
  loadAverage: number;
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

interface DomFigures {
  /** Every element of the page once hydrated (or loaded, for the page without scripts). */
  elements: number;
  /** The elements inside static islands (`data-island`), which the browser does not hydrate. */
  notHydrated: number;
}

/** The DOM of the page as a desktop visitor's browser holds it, hydration done. */
async function domFigures(url: string): Promise<DomFigures> {
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    args: ['--no-sandbox'],
    defaultViewport: { width: 1366, height: 900 },
  });
  try {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'networkidle0' });
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.hydrated === 'true' ||
        !document.querySelector('script[src]'),
    );
    return await page.evaluate(() => ({
      elements: document.querySelectorAll('*').length,
      notHydrated: document.querySelectorAll('[data-island] *').length,
    }));
  } finally {
    await browser.close();
  }
}

/**
 * The reference page: the home page as the server renders it, without its scripts (the page's
 * module, its preloads, its carried answers and JSON-LD), served by a tiny server that hands
 * every other path (styles, fonts, images) to the shop.
 */
async function serveReferencePage(): Promise<http.Server> {
  const home = await (await fetch(`${origin}/`)).text();
  const withoutScripts = home
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '');
  // Compressed as the shop sends its pages, so that the two arrive alike.
  const compressed = zlib.gzipSync(withoutScripts);
  const server = http.createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        vary: 'accept-encoding',
      });
      response.end(compressed);
      return;
    }
    const upstream = http.get(
      `${origin}${request.url ?? '/'}`,
      { headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(referencePort, '127.0.0.1', resolve));
  return server;
}

async function measurePage(name: string, url: string): Promise<PageFigures> {
  const lhrs: Result[] = [];
  const loadBefore = os.loadavg()[0] ?? 0;
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
  const loadAfter = os.loadavg()[0] ?? 0;
  return {
    name,
    url,
    dom: await domFigures(url),
    loadAverage: Number(((loadBefore + loadAfter) / 2).toFixed(2)),
    scores: Object.fromEntries(
      categories.map((category) => [category, score(median, category)]),
    ) as Record<Category, number>,
    performanceRuns: lhrs.map((lhr) => score(lhr, 'performance')),
    metrics: Object.fromEntries(
      Object.entries(metrics).map(([key, id]) => {
        const values = lhrs
          .map((lhr) => lhr.audits[id]?.numericValue ?? 0)
          .toSorted((a, b) => a - b);
        const value = values[Math.floor(runs / 2)] ?? 0;
        return [key, key === 'cls' ? Number(value.toFixed(3)) : Math.round(value)];
      }),
    ) as Record<keyof typeof metrics, number>,
    failing: Object.fromEntries(
      categories.map((category) => [category, failingAudits(median, category)]),
    ) as Record<Category, FailingAudit[]>,
  };
}

// Chrome's launcher throws a missing browser from an event handler, past the clean-up below,
// which would leave the shop running.
if (!fs.existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath}: set CHROME_PATH`);

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
let referenceServer: http.Server | undefined;
// Stopped half-way (Ctrl+C), the bench leaves no server running and no data folder behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server?.kill('SIGTERM');
    referenceServer?.close();
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

  referenceServer = await serveReferencePage();
  const pages: PageFigures[] = [];
  for (const page of await pagesToMeasure()) {
    console.log(`\nLighthouse on ${page.name} (${page.path})`);
    pages.push(await measurePage(page.name, `${origin}${page.path}`));
  }
  console.log('\nLighthouse on the reference page (home without scripts)');
  const reference = await measurePage('reference', `${referenceOrigin}/`);

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
    reference,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'lighthouse.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );

  const pagePath = (url: string) => new URL(url).pathname;
  const ratio = (value: number, of: number) => (of > 0 ? (value / of).toFixed(2) : '–');
  const markdown = [
    `# Lighthouse ${results.date}`,
    '',
    `Lighthouse ${version} on ${chromium} (headless), ${results.machine}. Lighthouse's default mode: a mid-range phone (mobile emulation, simulated slow 4G and a 4x slower CPU). ${runs} runs per page, each in a fresh browser; the scores are the run with the median performance score, every other figure the median of the ${runs} runs. The shop runs in production mode on the embedded database with the demo catalogue.`,
    '',
    '| page | performance (runs) | accessibility | best practices | SEO | FCP (ms) | LCP (ms) | TBT (ms) | CLS | Speed Index (ms) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...[...pages, reference].map(
      (page) =>
        `| ${page.name} \`${pagePath(page.url)}\` | ${page.scores.performance} (${page.performanceRuns.join(', ')}) | ${page.scores.accessibility} | ${page.scores['best-practices']} | ${page.scores.seo} | ${page.metrics.fcpMs} | ${page.metrics.lcpMs} | ${page.metrics.tbtMs} | ${page.metrics.cls} | ${page.metrics.speedIndexMs} |`,
    ),
    '',
    '## Work in the browser, against the reference page',
    '',
    `The reference page is the home page's server-rendered HTML with every script taken out: the same CSS, images and DOM, no JavaScript. Its figures are what styles, layout and paint cost on this machine in this run; a page's ratio to it is what its scripts add, comparable between runs on a busy machine. Main-thread work and script evaluation are Lighthouse's (4x slower CPU); DOM elements are \`document.querySelectorAll('*').length\` of the hydrated page in a 1366 px window, and of those the ones inside static islands, which the browser keeps as served without hydrating them; load average is the machine's one-minute figure during the page's runs.`,
    '',
    '| page | main-thread work (ms) | × reference | script evaluation (ms) | TBT (ms) | TBT − reference (ms) | DOM elements (1366 px) | of which not hydrated | Lighthouse DOM (body, mobile) | load average |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...[...pages, reference].map(
      (page) =>
        `| ${page.name} | ${page.metrics.mainThreadMs} | ${ratio(page.metrics.mainThreadMs, reference.metrics.mainThreadMs)} | ${page.metrics.scriptMs} | ${page.metrics.tbtMs} | ${page.metrics.tbtMs - reference.metrics.tbtMs} | ${page.dom.elements} | ${page === reference ? '–' : page.dom.notHydrated} | ${page.metrics.domBodyElements} | ${page.loadAverage} |`,
    ),
    '',
    '## Audits that cost points (median run)',
    '',
    ...[...pages, reference].flatMap((page) => {
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
  referenceServer?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
