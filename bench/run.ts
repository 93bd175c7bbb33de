// `npm run bench`: load benchmark of the catalogue calls on a 50,000-product catalogue, on
// PGlite and on PostgreSQL, beside a bare Fastify ceiling; and the storefront's first-load
// weight. Results go to bench/results/. Every request goes to 127.0.0.1 only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import postgres from 'postgres';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');
const products = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const targets = { firstLoadJsGzip: 90_000, share: 0.5, p99Ms: 25, rate: 200 };

type DatabaseFigures = Record<'cached' | 'uncached', Record<string, LoadFigures>>;

interface LoadFigures {
  requestsPerSecond: number;
  p99AtFullLoadMs: number;
  p99AtFixedRateMs: number;
  errors: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd: root,
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

async function load(request: autocannon.Options): Promise<LoadFigures> {
  const full = await autocannon({ ...request, connections: 10, duration: seconds });
  const fixed = await autocannon({
    ...request,
    connections: 10,
    overallRate: targets.rate,
    duration: seconds,
  });
  return {
    requestsPerSecond: Math.round(full.requests.average),
    p99AtFullLoadMs: full.latency.p99,
    p99AtFixedRateMs: fixed.latency.p99,
    errors: full.errors + full.non2xx + fixed.errors + fixed.non2xx,
  };
}

/** A category listing call as the storefront sends it. */
function listingRequest(base: string, id: string, query: string, sortby: string) {
  return {
    url: `${base}/api/products/category/${id}${query}`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, sub: [], sub2: null, min: 0, max: 0, sortby }),
  };
}

async function fetchListing(request: ReturnType<typeof listingRequest>) {
  const { url, ...init } = request;
  return (await (await fetch(url, init)).json()) as { count: number; products: { slug: string }[] };
}

async function benchCatalogue(base: string): Promise<Record<string, LoadFigures>> {
  const { categories } = (await (await fetch(`${base}/api/categories/web`)).json()) as {
    categories: { _id: string }[];
  };
  let largest = { id: '', count: -1 };
  for (const category of categories) {
    const { count } = await fetchListing(listingRequest(base, category._id, '?page=1&limit=1', ''));
    if (count > largest.count) largest = { id: category._id, count };
  }
  const page = await fetchListing(
    listingRequest(base, largest.id, '?page=3&limit=15', 'lowToHigh'),
  );
  const slug = page.products[0]?.slug;
  if (!slug) throw new Error('the largest category has no products');
  console.log(`  largest category: ${largest.count} products; product: ${slug}`);
  return {
    categoryListing: await load(listingRequest(base, largest.id, '?page=2&limit=15', 'lowToHigh')),
    productBySlug: await load({ url: `${base}/api/products/${slug}/slug` }),
    search: await load({ url: `${base}/api/products/website?keyword=hony` }),
  };
}

async function ensureLargeCatalogue(
  env: NodeJS.ProcessEnv,
  count: () => Promise<number>,
): Promise<void> {
  if ((await count()) >= products) return;
  console.log(`  seeding ${products} products…`);
  run('npm', ['run', 'seed', '--', '--products', String(products)], env);
}

async function benchServer(env: NodeJS.ProcessEnv, port: number) {
  const server = startServer('apps/server/src/server.ts', port, { ...env, SEED_ON_START: 'false' });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/categories/web`, server);
    return await benchCatalogue(`http://127.0.0.1:${port}`);
  } finally {
    await stop(server);
  }
}

/** The shop as configured (answers cached for a few seconds), then with the cache off. */
async function benchDatabase(
  name: string,
  env: NodeJS.ProcessEnv,
  count: () => Promise<number>,
  port: number,
): Promise<DatabaseFigures> {
  console.log(`\n${name}`);
  await ensureLargeCatalogue(env, count);
  console.log('  with the response cache');
  const cached = await benchServer(env, port);
  console.log('  without the response cache');
  const uncached = await benchServer({ ...env, RESPONSE_CACHE_SECONDS: '0' }, port);
  return { cached, uncached };
}

function firstLoadWeight() {
  run('npm', ['run', 'build']);
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] as string);
  const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length;
  const js = files(/<script[^>]+src="([^"]+\.js)"/g).concat(
    files(/<link rel="modulepreload"[^>]+href="([^"]+)"/g),
  );
  const css = files(/<link rel="stylesheet"[^>]+href="([^"]+\.css)"/g);
  return {
    jsFiles: js,
    jsGzipBytes: js.reduce((sum, file) => sum + gzip(file), 0),
    cssFiles: css,
    cssGzipBytes: css.reduce((sum, file) => sum + gzip(file), 0),
  };
}

async function main() {
  fs.mkdirSync(resultsDir, { recursive: true });
  const weight = firstLoadWeight();
  console.log(`first load: JS ${weight.jsGzipBytes} B gzip, CSS ${weight.cssGzipBytes} B gzip`);

  console.log('\nceiling (bare Fastify)');
  const ceilingServer = startServer('bench/ceiling-server.ts', 5099, {});
  await waitFor('http://127.0.0.1:5099/json', ceilingServer);
  const ceiling = await load({ url: 'http://127.0.0.1:5099/json' });
  await stop(ceilingServer);

  const pgliteDir = path.join(root, 'bench/.data/pglite-large');
  const pglite = await benchDatabase(
    'PGlite',
    { DATA_DIR: pgliteDir },
    async () =>
      fs.existsSync(path.join(pgliteDir, 'seeded-products'))
        ? Number(fs.readFileSync(path.join(pgliteDir, 'seeded-products'), 'utf8'))
        : 0,
    5091,
  ).then((figures) => {
    fs.writeFileSync(path.join(pgliteDir, 'seeded-products'), String(products));
    return figures;
  });

  let postgresFigures: DatabaseFigures | { skipped: string };
  const admin = postgres(pgServer, { max: 1, onnotice: () => {} });
  try {
    await admin`select 1`;
    const database = 'shop_bench';
    const exists = await admin`select 1 from pg_database where datname = ${database}`;
    if (exists.length === 0) await admin.unsafe(`create database ${database}`);
    const url = new URL(pgServer);
    url.pathname = `/${database}`;
    const counter = postgres(url.toString(), { max: 1, onnotice: () => {} });
    postgresFigures = await benchDatabase(
      'PostgreSQL',
      { DATABASE_URL: url.toString(), DATA_DIR: path.join(root, 'bench/.data/pg-files') },
      async () => {
        const [row] =
          await counter`select count(*)::int as n from pg_tables where tablename = 'products'`;
        if (!row?.n) return 0;
        const [products] = await counter`select count(*)::int as n from products`;
        return products?.n ?? 0;
      },
      5092,
    );
    await counter.end();
  } catch (error) {
    postgresFigures = { skipped: `PostgreSQL not available: ${(error as Error).message}` };
  } finally {
    await admin.end();
  }

  const results = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    products,
    secondsPerRun: seconds,
    targets,
    firstLoad: weight,
    ceiling,
    pglite,
    postgres: postgresFigures,
  };
  fs.writeFileSync(path.join(resultsDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, 'results.md'), report(results));
  console.log(`\n${report(results)}`);
}

function report(results: {
  date: string;
  products: number;
  firstLoad: ReturnType<typeof firstLoadWeight>;
  ceiling: LoadFigures;
  pglite: DatabaseFigures;
  postgres: DatabaseFigures | { skipped: string };
}): string {
  const rows: string[] = [];
  const row = (label: string, figures: LoadFigures) => {
    const share = figures.requestsPerSecond / results.ceiling.requestsPerSecond;
    rows.push(
      `| ${label} | ${figures.requestsPerSecond} | ${(share * 100).toFixed(0)} % | ${figures.p99AtFullLoadMs} | ${figures.p99AtFixedRateMs} | ${figures.errors} |`,
    );
  };
  row('ceiling: bare Fastify JSON', results.ceiling);
  for (const [database, figures] of [
    ['PGlite', results.pglite],
    ['PostgreSQL', results.postgres],
  ] as const) {
    if ('skipped' in figures) rows.push(`| ${database} | ${String(figures.skipped)} | | | | |`);
    else
      for (const mode of ['cached', 'uncached'] as const)
        for (const [call, value] of Object.entries(figures[mode]))
          row(`${database}, ${mode}: ${call}`, value);
  }
  return [
    `# Benchmark ${results.date}`,
    '',
    `Catalogue: ${results.products} generated products plus the demo catalogue.`,
    '',
    `First load: JS ${(results.firstLoad.jsGzipBytes / 1000).toFixed(1)} kB gzip (target under ${targets.firstLoadJsGzip / 1000} kB), CSS ${(results.firstLoad.cssGzipBytes / 1000).toFixed(1)} kB gzip.`,
    '',
    `| call | requests/s (10 connections) | of ceiling | p99 ms at full load | p99 ms at ${targets.rate} req/s | errors |`,
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Targets: product by slug and category listing at least ${targets.share * 100} % of the ceiling on PostgreSQL, p99 under ${targets.p99Ms} ms at ${targets.rate} requests per second.`,
    '',
    '"cached" is the shop as configured (RESPONSE_CACHE_SECONDS, default 10 s; each load test repeats one URL, so nearly every answer comes from memory). "uncached" sets RESPONSE_CACHE_SECONDS=0, so every request queries the database.',
    '',
  ].join('\n');
}

await main();
