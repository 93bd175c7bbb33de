// `npm run bench`: load benchmark of what shoppers get from the compiled server
// (`node apps/server/dist/server.js`, built first when stale), on PostgreSQL with generated
// catalogues of BENCH_SIZES products (a database each, `shop_bench_100k`…, seeded once and kept)
// and on the embedded PGlite with the demo catalogue. Each call is loaded over many URLs at once
// (30 products, 20 categories, 10 searches, bench/calls.ts), in rounds that alternate the app,
// pgbench running the SQL the server runs for the same URLs (bench/capture-sql.ts) and a bare
// Fastify ceiling, so the three share the minute's conditions; the median and spread of the
// rounds are reported with the machine's load average at each run. Server-rendered pages are
// measured beside their main API call with the response cache on (as shipped) and off.
// Results go to bench/results/results.{json,md} (report in bench/report.ts). Every request goes
// to 127.0.0.1 only.
//
// BENCH_SECONDS (default 5) per load run; BENCH_ROUNDS (default 3); BENCH_SIZES (default
// 100000: a 200,000 database takes half an hour to seed on the 2-core machine; list several
// as 100000,200000). BENCH_QUICK=1 while developing: 2 s runs, one round, 100,000 products,
// no first-load build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import {
  listingRequest,
  pagePairs,
  pickCalls,
  productRequest,
  searchRequest,
  type CatalogueCalls,
  type CategoryCall,
} from './calls.js';
import { categoryListingSql, productBySlugSql, searchSql } from './capture-sql.js';
import { firstLoadWeights } from './first-load.js';
import {
  atRate,
  atRateFigures,
  fullLoad,
  fullLoadFigures,
  loadAverage,
  median,
  spread,
  type FullLoad,
  type LoadRequest,
  type Measured,
} from './load.js';
import { pgbenchRun, writeScripts } from './pgbench.js';
import { ratio, report, targets, type ApiCall, type Results, type SizeFigures } from './report.js';
import {
  root,
  rssMegabytes,
  startServer,
  stopServer,
  withServer,
  type RunningServer,
} from './servers.js';

const resultsDir = path.join(root, 'bench/results');
const dataDir = path.join(root, 'bench/.data');
const quick = process.env.BENCH_QUICK === '1';
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 5));
const rounds = Number(process.env.BENCH_ROUNDS ?? (quick ? 1 : 3));
const sizes = (process.env.BENCH_SIZES ?? '100000').split(',').map(Number);
const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const apiCalls: ApiCall[] = ['productBySlug', 'categoryListing', 'search'];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function requestsOf(calls: CatalogueCalls, call: ApiCall): LoadRequest[] {
  if (call === 'productBySlug') return calls.products.map(productRequest);
  if (call === 'categoryListing')
    return calls.categories.map((category) => listingRequest(category));
  return calls.searches.map(searchRequest);
}

/** One pgbench script per URL of each call, from the SQL the server runs for it. */
async function pgbenchScripts(
  databaseUrl: string,
  calls: CatalogueCalls,
  folder: string,
): Promise<Record<ApiCall, string[]>> {
  const products: string[] = [];
  for (const slug of calls.products) products.push(await productBySlugSql(databaseUrl, slug));
  const categories: string[] = [];
  for (const category of calls.categories)
    categories.push(
      await categoryListingSql(databaseUrl, category.id, category.body, { page: 1, limit: 15 }),
    );
  return {
    productBySlug: writeScripts(folder, 'product-by-slug', products),
    categoryListing: writeScripts(folder, 'category-listing', categories),
    search: writeScripts(folder, 'search', await searchSql(databaseUrl, calls.searches)),
  };
}

/** The old clients' call for every card of a category: the median time of five whole answers. */
async function unpagedCategoryMs(base: string, category: CategoryCall): Promise<Measured> {
  const started = loadAverage();
  const { path: address, headers, ...init } = listingRequest(category, '');
  const times: number[] = [];
  for (let index = 0; index < 6; index++) {
    const begun = performance.now();
    // fetch asks for a compressed answer; like autocannon's, this figure is of answering alone.
    const body = await (
      await fetch(`${base}${address}`, {
        ...init,
        headers: { ...headers, 'accept-encoding': 'identity' },
      })
    ).text();
    if (!body.startsWith('{')) throw new Error('the unpaged listing did not answer JSON');
    // The first request warms the statement cache; it is not counted.
    if (index > 0) times.push(performance.now() - begun);
  }
  return { value: Math.round(median(times)), loadAverage: started };
}

/** Each page beside its main call, in rounds alternating page and call. */
async function pagesBesideCalls(base: string, calls: CatalogueCalls) {
  const pairs = pagePairs(calls);
  const runs = pairs.map(() => ({ page: [] as FullLoad[], api: [] as FullLoad[] }));
  for (let round = 0; round < rounds; round++)
    for (const [index, pair] of pairs.entries()) {
      const into = runs[index] as (typeof runs)[number];
      into.page.push(await fullLoad(base, pair.pages, seconds));
      into.api.push(await fullLoad(base, pair.api, seconds));
      console.log(
        `    ${pair.name}: page ${into.page.at(-1)?.requestsPerSecond}, API ${into.api.at(-1)?.requestsPerSecond} req/s (load ${loadAverage()})`,
      );
    }
  return pairs.map((pair, index) => {
    const { page, api } = runs[index] as (typeof runs)[number];
    const pageFigures = fullLoadFigures(page);
    const apiFigures = fullLoadFigures(api);
    return {
      name: pair.name,
      page: pageFigures,
      api: apiFigures,
      pageOfApi: ratio(pageFigures.requestsPerSecond.median, apiFigures.requestsPerSecond.median),
    };
  });
}

async function benchSize(size: number, ceiling: RunningServer): Promise<SizeFigures> {
  const database = `shop_bench_${size / 1000}k`;
  const url = new URL(pgServer);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  console.log(`\nPostgreSQL, ${size} products (${database})`);
  await ensureSeeded(databaseUrl, database, size);
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dataDir, 'pg-files') };

  const uncached = await withServer(
    'shop',
    { ...env, RESPONSE_CACHE_SECONDS: '0' },
    async ({ base }) => {
      const calls = await pickCalls(base);
      console.log(
        `  ${calls.products.length} products, ${calls.categories.length} categories (largest ${calls.largest.count} products), ${calls.searches.length} searches`,
      );
      const scripts = await pgbenchScripts(
        databaseUrl,
        calls,
        path.join(dataDir, `pgbench-${size}`),
      );

      console.log('  app / pgbench / ceiling rounds, without the response cache');
      const runs = Object.fromEntries(
        apiCalls.map((call) => [
          call,
          { app: [] as FullLoad[], pgbench: [] as Measured[], ceiling: [] as FullLoad[] },
        ]),
      ) as Record<ApiCall, { app: FullLoad[]; pgbench: Measured[]; ceiling: FullLoad[] }>;
      for (let round = 0; round < rounds; round++)
        for (const call of apiCalls) {
          const into = runs[call];
          into.app.push(await fullLoad(base, requestsOf(calls, call), seconds));
          into.pgbench.push(pgbenchRun(databaseUrl, scripts[call], seconds));
          into.ceiling.push(await fullLoad(ceiling.base, [{ path: '/json' }], seconds));
          console.log(
            `    ${call}: app ${into.app.at(-1)?.requestsPerSecond} req/s, pgbench ${into.pgbench.at(-1)?.value} tps, ceiling ${into.ceiling.at(-1)?.requestsPerSecond} req/s (load ${loadAverage()})`,
          );
        }

      console.log(`  at ${targets.rate} req/s`);
      const atRates = {} as Record<ApiCall, Awaited<ReturnType<typeof atRate>>[]>;
      for (const call of apiCalls) {
        atRates[call] = [];
        for (let round = 0; round < rounds; round++)
          atRates[call].push(await atRate(base, requestsOf(calls, call), targets.rate, seconds));
      }

      const api = Object.fromEntries(
        apiCalls.map((call) => {
          const app = fullLoadFigures(runs[call].app);
          const pgbench = spread(runs[call].pgbench);
          const ceiling = spread(
            runs[call].ceiling.map((run) => ({
              value: run.requestsPerSecond,
              loadAverage: run.loadAverage,
            })),
          );
          return [
            call,
            {
              app,
              pgbench,
              ceiling,
              appOfPgbench: ratio(app.requestsPerSecond.median, pgbench.median),
              appOfCeiling: ratio(app.requestsPerSecond.median, ceiling.median),
              atRate: atRateFigures(atRates[call]),
            },
          ];
        }),
      ) as SizeFigures['api'];

      const unpaged = await unpagedCategoryMs(base, calls.largest);
      console.log('  pages beside their API call, without the response cache');
      const pagesUncached = await pagesBesideCalls(base, calls);
      return { calls, api, unpaged, pagesUncached };
    },
  );

  console.log('  pages beside their API call, with the response cache (as shipped)');
  const pagesCached = await withServer('shop', env, ({ base }) =>
    pagesBesideCalls(base, uncached.calls),
  );

  console.log('  product by slug, two server processes');
  const twoProcesses = await withServer(
    'cluster',
    { ...env, RESPONSE_CACHE_SECONDS: '0', BENCH_PROCESSES: '2' },
    async ({ base }) => {
      const runs: FullLoad[] = [];
      for (let round = 0; round < rounds; round++)
        runs.push(await fullLoad(base, requestsOf(uncached.calls, 'productBySlug'), seconds));
      return fullLoadFigures(runs);
    },
  );

  return {
    products: size,
    largestCategory: { slug: uncached.calls.largest.slug, count: uncached.calls.largest.count },
    urls: {
      products: uncached.calls.products,
      categories: uncached.calls.categories.map(({ slug, count }) => ({ slug, count })),
      searches: uncached.calls.searches,
    },
    api: uncached.api,
    unpagedCategoryMs: uncached.unpaged,
    productBySlugTwoProcesses: twoProcesses,
    pages: { uncached: uncached.pagesUncached, cached: pagesCached },
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

/** The embedded default: a fresh data folder holding the demo catalogue only. */
async function benchPglite(): Promise<Results['pglite']> {
  const folder = path.join(dataDir, 'pglite-demo');
  console.log('\nPGlite, the demo catalogue');
  if (!fs.existsSync(path.join(folder, 'seeded'))) {
    fs.rmSync(folder, { recursive: true, force: true });
    run('npm', ['run', 'seed'], { DATA_DIR: folder, DATABASE_URL: '' });
    fs.writeFileSync(path.join(folder, 'seeded'), new Date().toISOString());
  }
  return withServer(
    'shop',
    { DATA_DIR: folder, DATABASE_URL: '', RESPONSE_CACHE_SECONDS: '0' },
    async ({ base, process: server }) => {
      const idleRssMegabytes = rssMegabytes(server.pid as number);
      const calls = await pickCalls(base);
      const figures = {} as Results['pglite']['calls'];
      for (const call of apiCalls) {
        const runs = [];
        for (let round = 0; round < rounds; round++)
          runs.push(await atRate(base, requestsOf(calls, call), targets.pgliteRate, seconds));
        figures[call] = atRateFigures(runs);
      }
      return {
        largestCategory: { slug: calls.largest.slug, count: calls.largest.count },
        idleRssMegabytes,
        calls: figures,
        unpagedCategoryMs: await unpagedCategoryMs(base, calls.largest),
      };
    },
  );
}

async function main() {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const { buildWhatIsStale } = (await import('../scripts/build-if-stale.mjs')) as {
    buildWhatIsStale: () => void;
  };
  buildWhatIsStale();
  const firstLoad = quick ? undefined : firstLoadWeights();

  let postgresFigures: SizeFigures[] | { skipped: string } = [];
  const probe = postgres(pgServer, { max: 1, onnotice: () => {} });
  try {
    await probe`select 1`;
  } catch (error) {
    postgresFigures = { skipped: `PostgreSQL not available: ${(error as Error).message}` };
  } finally {
    await probe.end();
  }
  if (Array.isArray(postgresFigures)) {
    const ceiling = await startServer('ceiling', {}, '/json');
    try {
      for (const size of sizes) postgresFigures.push(await benchSize(size, ceiling));
    } finally {
      await stopServer(ceiling);
    }
  }
  const pglite = await benchPglite();

  const results: Results = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    secondsPerRun: seconds,
    rounds,
    targets,
    ...(firstLoad ? { firstLoad } : {}),
    postgres: postgresFigures,
    pglite,
  };
  fs.writeFileSync(path.join(resultsDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, 'results.md'), report(results));
  console.log(`\n${report(results)}`);
}

await main();
