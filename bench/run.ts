// `npm run bench`: load benchmark of the catalogue calls without and with the response cache,
// on PostgreSQL with 100,000 and 200,000 generated products (a database each, seeded once and
// kept), beside pgbench running the very SQL the server runs for the same call, and on the
// embedded PGlite with the demo catalogue only; a bare Fastify ceiling; and the storefront's
// first-load weight. Results go to bench/results/results.{json,md}; other benchmarks (startup,
// Lighthouse) write files of their own there. Every request goes to 127.0.0.1 only.
//
// BENCH_SECONDS (default 10) per load run, BENCH_RUNS (default 3) runs of each headline figure
// (the median is reported), BENCH_SIZES (default 100000,200000). BENCH_QUICK=1 while
// developing: 3 s, one run, 100,000 products only, no first-load build.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { categoryListingSql, productBySlugSql } from './capture-sql.js';
import { type FirstLoadWeight, firstLoadLines, firstLoadWeights } from './first-load.js';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');
const dataDir = path.join(root, 'bench/.data');
const quick = process.env.BENCH_QUICK === '1';
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 10));
const runs = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 3));
const sizes = (process.env.BENCH_SIZES ?? (quick ? '100000' : '100000,200000'))
  .split(',')
  .map(Number);
const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgbench = process.env.BENCH_PGBENCH ?? '/usr/bin/pgbench';
const ports = { ceiling: 5200, postgres: 5201, pglite: 5202 };
const connections = 10;
const searchWords = ['honey', 'shirt', 'tea', 'hony', 'cofee'];
const targets = {
  rate: 200,
  p99Ms: 25,
  shareOfPgbench: 0.5,
  searchP95Ms: 20,
  unpagedCategoryMs: 300,
  pgliteRate: 50,
  pgliteP99Ms: 10,
};

/** One call as both load generators send it. */
interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Requests per second at full load (10 connections) and latencies at a fixed rate. */
interface LoadFigures {
  requestsPerSecond: number;
  p99AtFullLoadMs: number;
  p95AtRateMs: number;
  p99AtRateMs: number;
  errors: number;
}

interface SizeFigures {
  products: number;
  largestCategory: { id: string; count: number };
  slug: string;
  uncached: {
    productBySlug: LoadFigures;
    categoryListing: LoadFigures;
    search: Record<string, LoadFigures>;
    unpagedCategoryMs: number;
    /** The same call served by two processes (bench/cluster-server.ts). */
    productBySlugTwoProcesses: LoadFigures;
  };
  pgbench: { productBySlug: number; categoryListing: number };
  cached: Record<'productBySlug' | 'categoryListing' | 'search', LoadFigures>;
}

interface PgliteFigures {
  products: number;
  idleRssMegabytes: number;
  calls: Record<string, { p95Ms: number; p99Ms: number; errors: number }>;
  unpagedCategoryMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return Math.round((sorted[at] as number) * 10) / 10;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = '.'): void {
  const result = spawnSync(command, args, {
    cwd: path.join(root, cwd),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url}`);
}

/** CPU time a process and its children (the cluster's servers) have used, in clock ticks. */
function cpuTicks(pid: number): number {
  try {
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return (
      Number(fields[11]) +
      Number(fields[12]) +
      children
        .split(' ')
        .filter(Boolean)
        .reduce((sum, child) => sum + cpuTicks(Number(child)), 0)
    );
  } catch {
    // A process that ended between the listing and the reading.
    return 0;
  }
}

/**
 * Waits until a server that answers is idle too: the search index is read in the background
 * after start-up (2 s at 100,000 products), and a load run must not share the CPU with it.
 */
async function startUpDone(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  let quiet = 0;
  let before = cpuTicks(pid);
  for (let waited = 0; quiet < 2 && waited < 120; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuTicks(pid);
    // Under 2 ticks (20 ms) of CPU in 250 ms.
    quiet = now - before < 2 ? quiet + 1 : 0;
    before = now;
  }
}

function startServer(script: string, port: number, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Nothing balances in front of the bench's server: stopping it need not wait.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One autocannon run at full load (10 connections, each sending as soon as it is answered). */
async function cannon(request: LoadRequest) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...request, connections, duration: seconds }, (error, done) =>
      error ? reject(error as Error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  return { result, latencies, errors: result.errors + result.non2xx };
}

/**
 * Open-loop load at a fixed rate: a request falls due every 1/rate s whatever the answers do,
 * over at most 10 keep-alive connections, and its latency counts from when it fell due, so a
 * stall shows in every request it holds up. autocannon's `overallRate` is no such thing: it
 * gives each connection a per-second quota that it spends in a burst, so its latencies are those
 * of 10 requests at once (see docs/decisions.md).
 */
async function paced(request: LoadRequest, rate: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const answered: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < Math.round(rate * seconds); index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    answered.push(
      send(agent, request).then((ok) => {
        latencies.push(performance.now() - due);
        if (!ok) errors++;
      }),
    );
  }
  await Promise.all(answered);
  agent.destroy();
  return { latencies, errors };
}

/** One request read to its end; whether it was answered 2xx. */
function send(agent: http.Agent, request: LoadRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      request.url,
      { method: request.method ?? 'GET', headers: request.headers, agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve((response.statusCode ?? 0) < 300));
        response.on('error', () => resolve(false));
      },
    );
    outgoing.on('error', () => resolve(false));
    outgoing.end(request.body);
  });
}

/** The median over BENCH_RUNS of a full-load run and a run at the fixed rate. */
async function load(request: LoadRequest, rate = targets.rate): Promise<LoadFigures> {
  const figures: LoadFigures[] = [];
  for (let index = 0; index < runs; index++) {
    const full = await cannon(request);
    const fixed = await paced(request, rate);
    figures.push({
      requestsPerSecond: Math.round(full.result.requests.average),
      p99AtFullLoadMs: percentile(full.latencies, 0.99),
      p95AtRateMs: percentile(fixed.latencies, 0.95),
      p99AtRateMs: percentile(fixed.latencies, 0.99),
      errors: full.errors + fixed.errors,
    });
  }
  return {
    requestsPerSecond: median(figures.map((figure) => figure.requestsPerSecond)),
    p99AtFullLoadMs: median(figures.map((figure) => figure.p99AtFullLoadMs)),
    p95AtRateMs: median(figures.map((figure) => figure.p95AtRateMs)),
    p99AtRateMs: median(figures.map((figure) => figure.p99AtRateMs)),
    errors: figures.reduce((sum, figure) => sum + figure.errors, 0),
  };
}

/** Latencies at a fixed rate only: the PGlite figures (a small shop is never at full load). */
async function atRate(request: LoadRequest, rate: number) {
  const figures = [];
  for (let index = 0; index < runs; index++) figures.push(await paced(request, rate));
  return {
    p95Ms: median(figures.map((figure) => percentile(figure.latencies, 0.95))),
    p99Ms: median(figures.map((figure) => percentile(figure.latencies, 0.99))),
    errors: figures.reduce((sum, figure) => sum + figure.errors, 0),
  };
}

/** Transactions per second of pgbench running one call's SQL (the median of BENCH_RUNS). */
function pgbenchRate(url: string, script: string, name: string): number {
  const file = path.join(dataDir, `${name}.sql`);
  fs.writeFileSync(file, script);
  const rates: number[] = [];
  for (let index = 0; index < runs; index++) {
    const result = spawnSync(
      pgbench,
      ['-n', '-M', 'prepared', '-f', file, '-c', String(connections), '-j', '2'].concat([
        '-T',
        String(seconds),
        url,
      ]),
      { encoding: 'utf8' },
    );
    const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
    if (result.status !== 0 || !tps) throw new Error(`pgbench failed: ${result.stderr}`);
    rates.push(Number(tps));
  }
  return Math.round(median(rates));
}

const noFilter = { sub: [], sub2: null, min: 0, max: 0, sortby: 'lowToHigh' as const };

/** A category listing call as the storefront sends it (page 2 of 15, cheapest first). */
function listingRequest(base: string, id: string, query = '?page=2&limit=15') {
  return {
    url: `${base}/api/products/category/${id}${query}`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(noFilter),
  };
}

async function fetchListing(request: ReturnType<typeof listingRequest>) {
  const { url, ...init } = request;
  return (await (await fetch(url, init)).json()) as { count: number; products: { slug: string }[] };
}

/** The category with the most products, and a product of it for the product page. */
async function pickTargets(base: string) {
  const { categories } = (await (await fetch(`${base}/api/categories/web`)).json()) as {
    categories: { _id: string }[];
  };
  let largest = { id: '', count: -1 };
  for (const category of categories) {
    const { count } = await fetchListing(listingRequest(base, category._id, '?page=1&limit=1'));
    if (count > largest.count) largest = { id: category._id, count };
  }
  const page = await fetchListing(listingRequest(base, largest.id));
  const slug = page.products[0]?.slug;
  if (!slug) throw new Error('the largest category has no products');
  return { largest, slug };
}

/** The old clients' call for every card of a category: the median time of five whole answers. */
async function unpagedCategoryMs(base: string, id: string): Promise<number> {
  const { url, headers, ...init } = listingRequest(base, id, '');
  const times: number[] = [];
  for (let index = 0; index < 6; index++) {
    const started = performance.now();
    // fetch asks for a compressed answer; like autocannon's, this figure is of answering alone.
    const body = await (
      await fetch(url, { ...init, headers: { ...headers, 'accept-encoding': 'identity' } })
    ).text();
    if (!body.startsWith('{')) throw new Error('the unpaged listing did not answer JSON');
    // The first request warms the statement cache; it is not counted.
    if (index > 0) times.push(performance.now() - started);
  }
  return Math.round(median(times));
}

async function withServer<T>(
  env: NodeJS.ProcessEnv,
  port: number,
  work: (base: string, server: ChildProcess) => Promise<T>,
  script = 'apps/server/src/server.ts',
): Promise<T> {
  const server = startServer(script, port, { ...env, SEED_ON_START: 'false' });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/categories/web`, server);
    await startUpDone(server);
    return await work(base, server);
  } finally {
    await stop(server);
  }
}

function searchRequest(base: string, word: string) {
  return { url: `${base}/api/products/website?keyword=${encodeURIComponent(word)}` };
}

async function benchSize(size: number): Promise<SizeFigures> {
  const database = `shop_bench_${size / 1000}k`;
  const url = new URL(pgServer);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  console.log(`\nPostgreSQL, ${size} products (${database})`);
  await ensureSeeded(databaseUrl, database, size);
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dataDir, 'pg-files') };

  const uncached = await withServer(
    { ...env, RESPONSE_CACHE_SECONDS: '0' },
    ports.postgres,
    async (base) => {
      const { largest, slug } = await pickTargets(base);
      console.log(`  largest category: ${largest.count} products; product: ${slug}`);
      console.log('  without the response cache');
      const figures = {
        productBySlug: await load({ url: `${base}/api/products/${slug}/slug` }),
        categoryListing: await load(listingRequest(base, largest.id)),
        search: {} as Record<string, LoadFigures>,
        unpagedCategoryMs: await unpagedCategoryMs(base, largest.id),
      };
      for (const word of searchWords) figures.search[word] = await load(searchRequest(base, word));
      return { largest, slug, figures };
    },
  );

  console.log('  product by slug, two server processes');
  const productBySlugTwoProcesses = await withServer(
    { ...env, RESPONSE_CACHE_SECONDS: '0', BENCH_PROCESSES: '2' },
    ports.postgres,
    (base) => load({ url: `${base}/api/products/${uncached.slug}/slug` }),
    'bench/cluster-server.ts',
  );

  console.log('  pgbench, the same SQL');
  const pgbenchFigures = {
    productBySlug: pgbenchRate(
      databaseUrl,
      await productBySlugSql(databaseUrl, uncached.slug),
      `pgbench-product-by-slug-${size}`,
    ),
    categoryListing: pgbenchRate(
      databaseUrl,
      await categoryListingSql(databaseUrl, uncached.largest.id, noFilter, { page: 2, limit: 15 }),
      `pgbench-category-listing-${size}`,
    ),
  };

  console.log('  with the response cache');
  const cached = await withServer(env, ports.postgres, async (base) => ({
    productBySlug: await load({ url: `${base}/api/products/${uncached.slug}/slug` }),
    categoryListing: await load(listingRequest(base, uncached.largest.id)),
    search: await load(searchRequest(base, 'honey')),
  }));

  return {
    products: size,
    largestCategory: uncached.largest,
    slug: uncached.slug,
    uncached: { ...uncached.figures, productBySlugTwoProcesses },
    pgbench: pgbenchFigures,
    cached,
  };
}

/** Seeds a database of its own per size once; a later bench reuses it. */
async function ensureSeeded(databaseUrl: string, database: string, size: number): Promise<void> {
  const admin = postgres(pgServer, { max: 1, onnotice: () => {} });
  try {
    const exists = await admin`select 1 from pg_database where datname = ${database}`;
    if (exists.length === 0) await admin.unsafe(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [table] =
      await client`select count(*)::int as n from pg_tables where tablename = 'products'`;
    const [counted] = table?.n ? await client`select count(*)::int as n from products` : [];
    if ((counted?.n ?? 0) < size) {
      console.log(`  seeding ${size} products…`);
      run('npm', ['run', 'seed', '--', '--products', String(size)], {
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dataDir, 'pg-files'),
      });
    }
    // Visibility maps and statistics as a shop has them after autovacuum's first pass.
    await client`vacuum analyze`;
  } finally {
    await client.end();
  }
}

/** Resident memory of a process now, from /proc (Linux). */
function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

/** The embedded default: a fresh data folder holding the demo catalogue only. */
async function benchPglite(): Promise<PgliteFigures> {
  const folder = path.join(dataDir, 'pglite-demo');
  console.log('\nPGlite, the demo catalogue');
  if (!fs.existsSync(path.join(folder, 'seeded'))) {
    fs.rmSync(folder, { recursive: true, force: true });
    run('npm', ['run', 'seed'], { DATA_DIR: folder, DATABASE_URL: '' });
    fs.writeFileSync(path.join(folder, 'seeded'), new Date().toISOString());
  }
  return withServer(
    { DATA_DIR: folder, DATABASE_URL: '', RESPONSE_CACHE_SECONDS: '0' },
    ports.pglite,
    async (base, server) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idleRssMegabytes = rssMegabytes(server.pid as number);
      const { largest, slug } = await pickTargets(base);
      const calls: PgliteFigures['calls'] = {
        productBySlug: await atRate(
          { url: `${base}/api/products/${slug}/slug` },
          targets.pgliteRate,
        ),
        categoryListing: await atRate(listingRequest(base, largest.id), targets.pgliteRate),
      };
      for (const word of searchWords)
        calls[`search ${word}`] = await atRate(searchRequest(base, word), targets.pgliteRate);
      return {
        products: (await fetchListing(listingRequest(base, largest.id, '?page=1&limit=1'))).count,
        idleRssMegabytes,
        calls,
        unpagedCategoryMs: await unpagedCategoryMs(base, largest.id),
      };
    },
  );
}

async function main() {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const firstLoad = quick ? undefined : firstLoadWeights();

  console.log('\nceiling (bare Fastify)');
  const ceilingServer = startServer('bench/ceiling-server.ts', ports.ceiling, {});
  await waitFor(`http://127.0.0.1:${ports.ceiling}/json`, ceilingServer);
  const ceiling = await load({ url: `http://127.0.0.1:${ports.ceiling}/json` });
  await stop(ceilingServer);

  let postgresFigures: SizeFigures[] | { skipped: string } = [];
  const probe = postgres(pgServer, { max: 1, onnotice: () => {} });
  try {
    await probe`select 1`;
  } catch (error) {
    postgresFigures = { skipped: `PostgreSQL not available: ${(error as Error).message}` };
  } finally {
    await probe.end();
  }
  if (Array.isArray(postgresFigures))
    for (const size of sizes) postgresFigures.push(await benchSize(size));
  const pglite = await benchPglite();

  const results: Results = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    secondsPerRun: seconds,
    runs,
    connections,
    targets,
    ...(firstLoad ? { firstLoad } : {}),
    ceiling,
    postgres: postgresFigures,
    pglite,
  };
  fs.writeFileSync(path.join(resultsDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, 'results.md'), report(results));
  console.log(`\n${report(results)}`);
}

interface Results {
  date: string;
  machine: string;
  secondsPerRun: number;
  runs: number;
  connections: number;
  targets: typeof targets;
  firstLoad?: FirstLoadWeight[];
  ceiling: LoadFigures;
  postgres: SizeFigures[] | { skipped: string };
  pglite: PgliteFigures;
}

const mark = (ok: boolean) => (ok ? 'yes' : '**no**');

function growth(first: number, last: number): string {
  return first > 0 ? `×${(last / first).toFixed(2)}` : '';
}

function report(results: Results): string {
  const lines = [
    `# Benchmark ${results.date}`,
    '',
    `${results.machine}; ${results.connections} connections; ${results.secondsPerRun} s per load run, median of ${results.runs} run(s). All PostgreSQL figures but "cached" are without the response cache (RESPONSE_CACHE_SECONDS=0), so every request queries the database. Requests/s are at full load (autocannon); latencies "at N req/s" are of an open-loop load, a request due every 1/N s over at most ${results.connections} keep-alive connections, each latency counted from when the request fell due.`,
    '',
  ];
  if (results.firstLoad) lines.push(...firstLoadLines(results.firstLoad), '');
  lines.push(
    `Ceiling, a bare Fastify JSON route: ${results.ceiling.requestsPerSecond} requests/s, p99 ${results.ceiling.p99AtRateMs} ms at ${targets.rate} req/s.`,
    '',
  );

  const sizesFigures = 'skipped' in results.postgres ? [] : results.postgres;
  if ('skipped' in results.postgres) lines.push(`PostgreSQL: ${results.postgres.skipped}`, '');
  for (const size of sizesFigures) {
    const { uncached, pgbench } = size;
    lines.push(
      `## PostgreSQL, ${size.products} generated products`,
      '',
      `Largest category: ${size.largestCategory.count} products.`,
      '',
      `| call | requests/s | pgbench tps, same SQL | ratio (target ≥ ${targets.shareOfPgbench * 100} %) | p99 ms at ${targets.rate} req/s (target < ${targets.p99Ms}) | p95 ms at ${targets.rate} req/s | errors |`,
      '|---|---|---|---|---|---|---|',
    );
    for (const call of ['productBySlug', 'categoryListing'] as const) {
      const figures = uncached[call];
      const ratio = figures.requestsPerSecond / pgbench[call];
      lines.push(
        `| ${call === 'productBySlug' ? 'product by slug' : 'category listing page (15 cards)'} | ${figures.requestsPerSecond} | ${pgbench[call]} | ${(ratio * 100).toFixed(0)} % ${mark(ratio >= targets.shareOfPgbench)} | ${figures.p99AtRateMs} ${mark(figures.p99AtRateMs < targets.p99Ms)} | ${figures.p95AtRateMs} | ${figures.errors} |`,
      );
    }
    for (const [word, figures] of Object.entries(uncached.search))
      lines.push(
        `| search "${word}" (target p95 < ${targets.searchP95Ms}) | ${figures.requestsPerSecond} | | | ${figures.p99AtRateMs} | ${figures.p95AtRateMs} ${mark(figures.p95AtRateMs < targets.searchP95Ms)} | ${figures.errors} |`,
      );
    const two = uncached.productBySlugTwoProcesses;
    const twoRatio = two.requestsPerSecond / pgbench.productBySlug;
    lines.push(
      `| product by slug, two server processes | ${two.requestsPerSecond} (${(two.requestsPerSecond / uncached.productBySlug.requestsPerSecond).toFixed(2)} × one) | ${pgbench.productBySlug} | ${(twoRatio * 100).toFixed(0)} % ${mark(twoRatio >= targets.shareOfPgbench)} | ${two.p99AtRateMs} ${mark(two.p99AtRateMs < targets.p99Ms)} | ${two.p95AtRateMs} | ${two.errors} |`,
    );
    lines.push(
      '',
      `Unpaged category call (all ${size.largestCategory.count} cards of the largest category): ${uncached.unpagedCategoryMs} ms, median of 5 (target under ${targets.unpagedCategoryMs} ms: ${mark(uncached.unpagedCategoryMs < targets.unpagedCategoryMs)}).`,
      '',
      `With the response cache (each run repeats one URL, so nearly every answer comes from memory): product by slug ${size.cached.productBySlug.requestsPerSecond} req/s, category listing ${size.cached.categoryListing.requestsPerSecond} req/s, search "honey" ${size.cached.search.requestsPerSecond} req/s.`,
      '',
    );
  }

  const [first, last] = [sizesFigures[0], sizesFigures.at(-1)];
  if (first && last && first !== last) {
    lines.push(
      `## Growth from ${first.products} to ${last.products} products`,
      '',
      `The catalogue grows ×${(last.products / first.products).toFixed(2)}; the largest category from ${first.largestCategory.count} to ${last.largestCategory.count} cards.`,
      '',
      `| figure | ${first.products} | ${last.products} | growth |`,
      '|---|---|---|---|',
    );
    const row = (label: string, pick: (size: SizeFigures) => number) =>
      lines.push(
        `| ${label} | ${pick(first)} | ${pick(last)} | ${growth(pick(first), pick(last))} |`,
      );
    row('product by slug, req/s', (size) => size.uncached.productBySlug.requestsPerSecond);
    row('product by slug, p99 ms', (size) => size.uncached.productBySlug.p99AtRateMs);
    row('category listing, req/s', (size) => size.uncached.categoryListing.requestsPerSecond);
    row('category listing, p99 ms', (size) => size.uncached.categoryListing.p99AtRateMs);
    for (const word of searchWords)
      row(`search "${word}", p95 ms`, (size) => size.uncached.search[word]?.p95AtRateMs ?? 0);
    row('unpaged category, ms', (size) => size.uncached.unpagedCategoryMs);
    lines.push('');
  }

  const { pglite } = results;
  lines.push(
    `## PGlite (embedded default), the demo catalogue`,
    '',
    `A fresh data folder with the demo seed only (largest category ${pglite.products} products). Idle memory of the server after start (RSS, under tsx): ${pglite.idleRssMegabytes} MB.`,
    '',
    `| call | p95 ms at ${targets.pgliteRate} req/s | p99 ms at ${targets.pgliteRate} req/s (target < ${targets.pgliteP99Ms}) | errors |`,
    '|---|---|---|---|',
  );
  for (const [call, figures] of Object.entries(pglite.calls))
    lines.push(
      `| ${call} | ${figures.p95Ms} | ${figures.p99Ms} ${mark(figures.p99Ms < targets.pgliteP99Ms)} | ${figures.errors} |`,
    );
  lines.push(
    '',
    `Unpaged category call: ${pglite.unpagedCategoryMs} ms.`,
    '',
    'pgbench runs the statements the server sends for the same call (captured from the service functions through a query logger, bench/capture-sql.ts), with -M prepared, 10 clients, 2 threads, on the same database in the same run. The ratio is our requests/s over its transactions/s: the share of what the database alone could serve that the API serves.',
    '',
    '"Two server processes" is the same product call served by two processes of the shop on one port (bench/cluster-server.ts, node:cluster handing out the connections in turn), against the one process of the row above: on this 2-core machine both share the cores with PostgreSQL and the load generator.',
    '',
  );
  return lines.join('\n');
}

await main();
