// The figures `bench/run.ts` writes to bench/results/results.json and their report in
// results.md: medians with their spread (min–max) over the rounds, ratios of medians, and the
// 1-minute load average at each run. Targets are the issue's; the report says which are met,
// no test asserts them.
import { firstLoadLines, type FirstLoadWeight } from './first-load.js';
import {
  connections,
  type AtRateFigures,
  type FullLoadFigures,
  type Measured,
  type Spread,
} from './load.js';

export const targets = {
  rate: 200,
  p99Ms: 25,
  shareOfPgbench: 0.5,
  pageShareOfApi: 0.5,
  unpagedCategoryMs: 300,
  pgliteRate: 50,
  pgliteP99Ms: 10,
};

export type ApiCall = 'productBySlug' | 'categoryListing' | 'search';

export interface PageFigures {
  name: string;
  page: FullLoadFigures;
  api: FullLoadFigures;
  /** The medians' ratio, page requests/s over API requests/s. */
  pageOfApi: number;
}

export interface SizeFigures {
  products: number;
  largestCategory: { slug: string; count: number };
  /** The URLs each call's runs cycle through. */
  urls: { products: string[]; categories: { slug: string; count: number }[]; searches: string[] };
  /** Without the response cache; each round ran the app, then pgbench, then the ceiling. */
  api: Record<
    ApiCall,
    {
      app: FullLoadFigures;
      pgbench: Spread;
      ceiling: Spread;
      /** The medians' ratio, app requests/s over pgbench transactions/s. */
      appOfPgbench: number;
      /** The medians' ratio, app requests/s over the ceiling's requests/s. */
      appOfCeiling: number;
      atRate: AtRateFigures;
    }
  >;
  unpagedCategoryMs: Measured;
  /** The same product calls served by two processes (bench/cluster-server.ts). */
  productBySlugTwoProcesses: FullLoadFigures;
  /** Each page beside its main call, without (RESPONSE_CACHE_SECONDS=0) and with the cache. */
  pages: { uncached: PageFigures[]; cached: PageFigures[] };
}

export interface Results {
  date: string;
  machine: string;
  secondsPerRun: number;
  rounds: number;
  targets: typeof targets;
  firstLoad?: FirstLoadWeight[];
  postgres: SizeFigures[] | { skipped: string };
  pglite: {
    largestCategory: { slug: string; count: number };
    idleRssMegabytes: number;
    calls: Record<ApiCall, AtRateFigures>;
    unpagedCategoryMs: Measured;
  };
}

const mark = (ok: boolean) => (ok ? 'yes' : '**no**');

const callNames: Record<ApiCall, string> = {
  productBySlug: 'product by slug',
  categoryListing: 'category listing (first 15 cards)',
  search: 'search',
};

/** `median (min–max)`, or the one figure of a single round. */
function shown(figure: Spread): string {
  return figure.runs.length > 1
    ? `${figure.median} (${figure.min}–${figure.max})`
    : `${figure.median}`;
}

/** The load averages of a figure's runs, lowest to highest. */
function loads(...figures: Spread[]): string {
  const all = figures.flatMap((figure) => figure.loadAverages);
  const low = Math.min(...all);
  const high = Math.max(...all);
  return low === high ? `${low}` : `${low}–${high}`;
}

/** part / whole to three decimals; 0 without a whole. */
export const ratio = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0;

function pageLines(title: string, pages: PageFigures[]): string[] {
  const lines = [
    `| ${title} | page req/s | API req/s | page / API (target ≥ ${targets.pageShareOfApi}) | page p99 ms at full load | load avg | errors |`,
    '|---|---|---|---|---|---|---|',
  ];
  for (const pair of pages) {
    const share = pair.pageOfApi;
    lines.push(
      `| ${pair.name} | ${shown(pair.page.requestsPerSecond)} | ${shown(pair.api.requestsPerSecond)} | ${share.toFixed(2)} ${mark(share >= targets.pageShareOfApi)} | ${pair.page.p99Ms.median} | ${loads(pair.page.requestsPerSecond, pair.api.requestsPerSecond)} | ${pair.page.errors + pair.api.errors} |`,
    );
  }
  return lines;
}

function sizeLines(size: SizeFigures, rounds: number): string[] {
  const { api } = size;
  const lines = [
    `## PostgreSQL, ${size.products} generated products`,
    '',
    `Each call cycles through its URLs: ${size.urls.products.length} products, ${size.urls.categories.length} categories (${size.urls.categories.map((category) => category.count).join(', ')} products; the storefront's first page of 15), ${size.urls.searches.length} searches (${size.urls.searches.map((query) => `"${query}"`).join(', ')}). Without the response cache: every request queries the database. ${rounds} round(s), each running the app, then pgbench on the same SQL, then the ceiling, per call; median (min–max).`,
    '',
    `| call | app req/s | pgbench tps, same SQL | ceiling req/s | app / pgbench (target ≥ ${targets.shareOfPgbench}) | app / ceiling | app p99 ms at full load | p99 ms at ${targets.rate} req/s (target < ${targets.p99Ms}) | p95 ms at ${targets.rate} req/s | load avg | errors |`,
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const call of ['productBySlug', 'categoryListing', 'search'] as const) {
    const {
      app,
      pgbench,
      ceiling,
      atRate,
      appOfPgbench: ofPgbench,
      appOfCeiling: ofCeiling,
    } = api[call];
    lines.push(
      `| ${callNames[call]} | ${shown(app.requestsPerSecond)} | ${shown(pgbench)} | ${shown(ceiling)} | ${ofPgbench.toFixed(2)} ${mark(ofPgbench >= targets.shareOfPgbench)} | ${ofCeiling.toFixed(3)} | ${app.p99Ms.median} | ${shown(atRate.p99Ms)} ${mark(atRate.p99Ms.median < targets.p99Ms)} | ${atRate.p95Ms.median} | ${loads(app.requestsPerSecond, pgbench, ceiling, atRate.p99Ms)} | ${app.errors + atRate.errors} |`,
    );
  }
  const two = size.productBySlugTwoProcesses;
  const one = api.productBySlug.app.requestsPerSecond.median;
  const twoOfPgbench = ratio(two.requestsPerSecond.median, api.productBySlug.pgbench.median);
  lines.push(
    `| product by slug, two server processes | ${shown(two.requestsPerSecond)} (${ratio(two.requestsPerSecond.median, one).toFixed(2)} × one) | | | ${twoOfPgbench.toFixed(2)} ${mark(twoOfPgbench >= targets.shareOfPgbench)} | | ${two.p99Ms.median} | | | ${loads(two.requestsPerSecond)} | ${two.errors} |`,
    '',
    `Unpaged category call (all ${size.largestCategory.count} cards of the largest category, "${size.largestCategory.slug}"): ${size.unpagedCategoryMs.value} ms, median of 5 (target under ${targets.unpagedCategoryMs} ms: ${mark(size.unpagedCategoryMs.value < targets.unpagedCategoryMs)}; load average ${size.unpagedCategoryMs.loadAverage}).`,
    '',
    `### Pages beside their main API call`,
    '',
    'The server-rendered page (HTML) and the call its content comes from, over the same URLs, alternating page and call in each round; median (min–max) of the rounds. Both are asked as a browser asks them, taking the answer compressed (`Accept-Encoding: gzip, deflate, br, zstd`): a kept answer is compressed once, one computed afresh for each request.',
    '',
    ...pageLines('without the response cache (0 s)', size.pages.uncached),
    '',
    ...pageLines('with the response cache (as shipped)', size.pages.cached),
    '',
  );
  return lines;
}

export function report(results: Results): string {
  const lines = [
    `# Benchmark ${results.date}`,
    '',
    `${results.machine}; the compiled server (\`node apps/server/dist/server.js\`); ${connections} connections; ${results.secondsPerRun} s per load run, ${results.rounds} round(s). Requests/s are at full load (autocannon, each connection cycling through the call's URLs); latencies "at N req/s" are of an open-loop load over the same URLs, a request due every 1/N s over at most ${connections} keep-alive connections, each latency counted from when the request fell due. "load avg" is the machine's 1-minute load average when each run began (lowest–highest of the runs), the bench's own load included.`,
    '',
  ];
  if (results.firstLoad) lines.push(...firstLoadLines(results.firstLoad), '');
  if ('skipped' in results.postgres) lines.push(`PostgreSQL: ${results.postgres.skipped}`, '');
  else for (const size of results.postgres) lines.push(...sizeLines(size, results.rounds));

  const { pglite } = results;
  lines.push(
    `## PGlite (embedded default), the demo catalogue`,
    '',
    `A fresh data folder with the demo seed only (largest category ${pglite.largestCategory.count} products). Idle memory of the compiled server after start (RSS): ${pglite.idleRssMegabytes} MB. Without the response cache.`,
    '',
    `| call | p95 ms at ${targets.pgliteRate} req/s | p99 ms at ${targets.pgliteRate} req/s (target < ${targets.pgliteP99Ms}) | load avg | errors |`,
    '|---|---|---|---|---|',
  );
  for (const call of ['productBySlug', 'categoryListing', 'search'] as const) {
    const figures = pglite.calls[call];
    lines.push(
      `| ${callNames[call]} | ${shown(figures.p95Ms)} | ${shown(figures.p99Ms)} ${mark(figures.p99Ms.median < targets.pgliteP99Ms)} | ${loads(figures.p99Ms)} | ${figures.errors} |`,
    );
  }
  lines.push(
    '',
    `Unpaged category call: ${pglite.unpagedCategoryMs.value} ms.`,
    '',
    "pgbench runs the statements the server sends for the same URLs (captured from the service functions through a query logger, the search's with the in-process index read as the server reads it; bench/capture-sql.ts), one script per URL picked at random per transaction, with -M prepared, 10 clients, 2 threads, on the same database within the same round. app / pgbench is our requests/s over its transactions/s: the share of what the database alone could serve that the API serves. The ceiling is a bare Fastify answering a small JSON document: app / ceiling is the share of what HTTP alone could serve on this machine.",
    '',
    '"Two server processes" is the same product calls served by two compiled processes of the shop on one port (bench/cluster-server.ts, node:cluster handing out the connections in turn), against the one process of the row above: on this 2-core machine both share the cores with PostgreSQL and the load generator.',
    '',
  );
  return lines.join('\n');
}
