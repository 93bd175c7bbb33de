// Start-up of the shop's server: time from the process start until /ready answers, and its
// resident memory (RSS) once started, for the compiled server (`node apps/server/dist/server.js`,
// as production runs it) beside the same sources under tsx (how every start ran before issue 11).
// Median of 3 starts each, on a data folder that already holds the demo catalogue; on PGlite and,
// when it answers, on PostgreSQL. Results go to bench/results/startup.{json,md}.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');
const port = Number(process.env.BENCH_STARTUP_PORT ?? 5093);
const runs = 3;
const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface StartFigures {
  readyMs: number;
  rssMegabytes: number;
}

const modes = {
  compiled: ['apps/server/dist/server.js'],
  tsx: ['--import', 'tsx', 'apps/server/src/server.ts'],
} as const;

function run(args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
}

function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return Math.round(kilobytes / 1024);
}

async function startOnce(args: readonly string[], env: NodeJS.ProcessEnv): Promise<StartFigures> {
  const started = performance.now();
  const server = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server stopped with ${server.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/ready`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      if (performance.now() - started > 120_000) throw new Error('/ready did not answer');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const readyMs = Math.round(performance.now() - started);
    // Memory once the start-up's garbage is collectable, before any shopper arrives.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { readyMs, rssMegabytes: rssMegabytes(server.pid ?? 0) };
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(env: NodeJS.ProcessEnv): Promise<Record<keyof typeof modes, StartFigures>> {
  const figures = {} as Record<keyof typeof modes, StartFigures>;
  for (const [mode, args] of Object.entries(modes) as [keyof typeof modes, readonly string[]][]) {
    const starts: StartFigures[] = [];
    for (let index = 0; index < runs; index += 1) starts.push(await startOnce(args, env));
    figures[mode] = {
      readyMs: median(starts.map((start) => start.readyMs)),
      rssMegabytes: median(starts.map((start) => start.rssMegabytes)),
    };
    console.log(
      `  ${mode}: ready after ${figures[mode].readyMs} ms, RSS ${figures[mode].rssMegabytes} MB`,
    );
  }
  return figures;
}

/** The demo catalogue, set up as `npm start` sets it up, so starts only migrate and serve. */
function prepare(env: NodeJS.ProcessEnv): void {
  run(['--import', 'tsx', 'apps/server/src/db/seed/first-start.ts'], {
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
}

const { buildWhatIsStale } = (await import('../scripts/build-if-stale.mjs')) as {
  buildWhatIsStale: () => void;
};
buildWhatIsStale();

console.log('\nstart-up on PGlite');
// One data folder for both databases: the demo pictures are drawn once.
const dataDir = path.join(root, 'bench/.data/startup');
const pgliteEnv = { DATA_DIR: dataDir };
prepare(pgliteEnv);
const pglite = await measure(pgliteEnv);

let postgresFigures: Awaited<ReturnType<typeof measure>> | { skipped: string };
const admin = postgres(pgServer, { max: 1, onnotice: () => {} });
const database = `shop_bench_startup_${process.pid}`;
try {
  await admin`select 1`;
  await admin.unsafe(`create database ${database}`);
  try {
    const url = new URL(pgServer);
    url.pathname = `/${database}`;
    const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    console.log('\nstart-up on PostgreSQL');
    prepare(env);
    postgresFigures = await measure(env);
  } finally {
    await admin.unsafe(`drop database if exists ${database} with (force)`);
  }
} catch (error) {
  postgresFigures = { skipped: `PostgreSQL not available: ${(error as Error).message}` };
} finally {
  await admin.end();
}

const results = {
  date: new Date().toISOString(),
  machine: `${process.platform} ${process.arch}, node ${process.version}`,
  runs,
  pglite,
  postgres: postgresFigures,
};
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'startup.json'), `${JSON.stringify(results, null, 2)}\n`);
const rows = [
  ['PGlite (embedded)', pglite],
  ['PostgreSQL', postgresFigures],
] as const;
const markdown = [
  `# Start-up ${results.date}`,
  '',
  `${results.machine}. Median of ${runs} starts each, on a database that already holds the demo catalogue: time from the process start until \`GET /ready\` answers 200, and the resident memory (VmRSS) one second later.`,
  '',
  '| database | server | ready after (ms) | RSS (MB) |',
  '|---|---|---|---|',
  ...rows.flatMap(([name, figures]) =>
    'skipped' in figures
      ? [`| ${name} | ${String(figures.skipped)} | | |`]
      : [
          `| ${name} | compiled: \`node apps/server/dist/server.js\` | ${figures.compiled.readyMs} | ${figures.compiled.rssMegabytes} |`,
          `| ${name} | tsx: \`node --import tsx apps/server/src/server.ts\` (every start before issue 11) | ${figures.tsx.readyMs} | ${figures.tsx.rssMegabytes} |`,
        ],
  ),
  '',
  'Both run the same sources; the tsx start also compiles them on the fly. Before issue 11 the tsx start additionally checked for the demo catalogue and the cleaning photos (a count query and six file checks) and had tsx and the 99 MB emoji set among its production dependencies.',
  '',
].join('\n');
fs.writeFileSync(path.join(resultsDir, 'startup.md'), markdown);
console.log(`\n${markdown}`);
