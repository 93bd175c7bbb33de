// Start-up of the shop's server: time from the process start until /ready answers, and its
// resident memory (RSS) once started, for the compiled server (`node apps/server/dist/server.js`,
// as production runs it) beside the same sources under tsx (how every start ran before issue 11).
// Median of 3 starts each, on a data folder that already holds the demo catalogue; on PGlite and,
// when it answers, on PostgreSQL. Then a newcomer's first start (issue 33.6): `npm start` building
// every part on a fresh data folder (PGlite) until the home page answers, stage by stage, beside
// the same stages in turn as `npm start` ran them before. Every figure has the machine's 1-minute
// load average beside it. Results go to bench/results/startup.{json,md}.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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
  /** The 1-minute load average as the start began. */
  load: number;
}

const loadNow = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

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

/**
 * Runs `node <args>` from the repository's root while `during` measures it, then stops it with
 * SIGTERM and waits for it to end, whatever `during` did.
 */
async function whileRunning<T>(
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; output: 'inherit' | 'ignore' },
  during: (child: ChildProcess) => Promise<T>,
): Promise<T> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', options.output, 'inherit'],
    env: options.env,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    return await during(child);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function startOnce(args: readonly string[], env: NodeJS.ProcessEnv): Promise<StartFigures> {
  const load = loadNow();
  const started = performance.now();
  const serverEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...env,
  };
  return whileRunning(args, { env: serverEnv, output: 'ignore' }, async (server) => {
    const readySeconds = await answered('/ready', server, started, {
      everyMs: 20,
      limitMs: 120_000,
    });
    const readyMs = Math.round(readySeconds * 1000);
    // Memory once the start-up's garbage is collectable, before any shopper arrives.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { readyMs, rssMegabytes: rssMegabytes(server.pid ?? 0), load };
  });
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
      load: median(starts.map((start) => start.load)),
    };
    console.log(
      `  ${mode}: ready after ${figures[mode].readyMs} ms, RSS ${figures[mode].rssMegabytes} MB (load ${figures[mode].load})`,
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

/** Seconds and 1-minute load average of each stage of one first start, as the stage ended. */
type Stages = Record<string, { seconds: number; load: number }>;

const stageNames = [
  'build storefront',
  'build back office',
  'build server',
  'open the database',
  'migrations',
  'catalogue pictures',
  'seed',
  'cleaning photos',
  'postal codes',
  'first start',
  'builds and first start',
  'server ready',
  'first page',
  'CPU time, all processes',
] as const;

const workspaces = [
  ['storefront', '@shop/web'],
  ['back office', '@shop/admin'],
  ['server', '@shop/server'],
] as const;

function firstStartEnv(dataDir: string, stagesFile: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    STARTUP_STAGES_FILE: stagesFile,
  };
}

/**
 * Seconds from `started` until `path` answers 200 while `child` runs, asking every `everyMs`
 * (finer for the start-up figure itself) for at most `limitMs`.
 */
async function answered(
  urlPath: string,
  child: ChildProcess,
  started: number,
  { everyMs = 100, limitMs = 900_000 } = {},
): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the start stopped with ${child.exitCode}`);
    const status = await fetch(`http://127.0.0.1:${port}${urlPath}`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return (performance.now() - started) / 1000;
    if (performance.now() - started > limitMs) throw new Error(`${urlPath} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK']).stdout) || 100;

/**
 * CPU seconds of this process's ended children and of theirs (cutime and cstime in /proc): on a
 * quiet machine a first start takes at least this over its cores, whatever the machine's load.
 */
function childrenCpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) / clockTicks;
}

/**
 * A fresh data folder and the file its start notes its stages in; both go afterwards. Adds the CPU
 * time of every process of the start.
 */
async function withFreshData(measure: (env: NodeJS.ProcessEnv) => Promise<Stages>) {
  fs.mkdirSync(path.join(root, 'bench/.data'), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(root, 'bench/.data/first-start-'));
  const stagesFile = `${dataDir}.stages`;
  const cpuBefore = childrenCpuSeconds();
  try {
    const stages = await measure(firstStartEnv(dataDir, stagesFile));
    stages['CPU time, all processes'] = {
      seconds: childrenCpuSeconds() - cpuBefore,
      load: loadNow(),
    };
    const noted = fs
      .readFileSync(stagesFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { stage: string; seconds: number; load: number });
    return {
      ...Object.fromEntries(noted.map(({ stage, ...figure }) => [stage, figure])),
      ...stages,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(stagesFile, { force: true });
  }
}

const figure = (started: number) => ({
  seconds: (performance.now() - started) / 1000,
  load: loadNow(),
});

/** `npm start` as a newcomer's first: every part built, on a fresh data folder. */
function firstStartNow(): Promise<Stages> {
  return withFreshData(async (env) => {
    const started = performance.now();
    return whileRunning(
      ['scripts/start.mjs', '--rebuild'],
      { env, output: 'inherit' },
      async (start) => {
        await answered('/', start, started);
        return { 'first page': figure(started) };
      },
    );
  });
}

/** The same stages one after another, in the order `npm start` ran them before issue 33.6. */
function inTurnNow(): Promise<Stages> {
  return withFreshData(async (env) => {
    const stages: Stages = {};
    const started = performance.now();
    const quietly = (name: string, command: string, args: string[]) => {
      const stageStarted = performance.now();
      const result = spawnSync(command, args, {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env,
      });
      if (result.status !== 0) throw new Error(`${name} failed`);
      stages[name] = figure(stageStarted);
    };
    for (const [name, workspace] of workspaces)
      quietly(`build ${name}`, 'npm', ['run', 'build', '--workspace', workspace]);
    quietly('first start', process.execPath, [
      '--import',
      'tsx',
      'apps/server/src/db/seed/first-start.ts',
    ]);
    stages['builds and first start'] = figure(started);
    const serverStarted = performance.now();
    return whileRunning(
      ['apps/server/dist/server.js'],
      { env, output: 'ignore' },
      async (server) => {
        await answered('/ready', server, serverStarted);
        stages['server ready'] = figure(serverStarted);
        await answered('/', server, started);
        stages['first page'] = figure(started);
        return stages;
      },
    );
  });
}

/** Median seconds and load of each stage over the runs that have it. */
function medianStages(runs: Stages[]): Stages {
  return Object.fromEntries(
    stageNames.flatMap((stage) => {
      const figures = runs.flatMap((run) => (run[stage] ? [run[stage]] : []));
      if (figures.length === 0) return [];
      const seconds = median(figures.map(({ seconds: value }) => value));
      return [
        [
          stage,
          {
            seconds: Math.round(seconds * 10) / 10,
            load: median(figures.map(({ load }) => load)),
          },
        ],
      ];
    }),
  );
}

console.log('\na first start on PGlite: `npm start -- --rebuild`, and the same stages in turn');
const parallelRuns: Stages[] = [];
const inTurnRuns: Stages[] = [];
// Alternated, so that a busy spell of the machine falls on both.
for (let index = 0; index < runs; index += 1) {
  inTurnRuns.push(await inTurnNow());
  parallelRuns.push(await firstStartNow());
  console.log(
    `  first page after ${parallelRuns.at(-1)?.['first page']?.seconds.toFixed(1)} s; in turn ${inTurnRuns.at(-1)?.['first page']?.seconds.toFixed(1)} s`,
  );
}
const firstStart = { npmStart: medianStages(parallelRuns), inTurn: medianStages(inTurnRuns) };
const cores = os.availableParallelism();

const results = {
  date: new Date().toISOString(),
  machine: `${process.platform} ${process.arch}, node ${process.version}`,
  runs,
  pglite,
  postgres: postgresFigures,
  firstStart,
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
  '| database | server | ready after (ms) | RSS (MB) | load |',
  '|---|---|---|---|---|',
  ...rows.flatMap(([name, figures]) =>
    'skipped' in figures
      ? [`| ${name} | ${String(figures.skipped)} | | | |`]
      : [
          `| ${name} | compiled: \`node apps/server/dist/server.js\` | ${figures.compiled.readyMs} | ${figures.compiled.rssMegabytes} | ${figures.compiled.load} |`,
          `| ${name} | tsx: \`node --import tsx apps/server/src/server.ts\` (every start before issue 11) | ${figures.tsx.readyMs} | ${figures.tsx.rssMegabytes} | ${figures.tsx.load} |`,
        ],
  ),
  '',
  'Both run the same sources; the tsx start also compiles them on the fly. Before issue 11 the tsx start additionally checked for the demo catalogue and the cleaning photos (a count query and six file checks) and had tsx and the 99 MB emoji set among its production dependencies. Load: the 1-minute load average as the starts began (median), on a machine of ' +
    `${cores} cores.`,
  '',
  '## A first start',
  '',
  `\`npm start -- --rebuild\` on a fresh data folder (PGlite), median of ${runs}: it builds the storefront, the back office and the server at once, beside the demo's set-up (migrations, the catalogue's pictures, the seed), then starts the compiled server. Beside it the same stages one after another, as \`npm start\` ran them before issue 33.6 (with the pictures drawn as they are now), alternated with it. Seconds of each stage, and the 1-minute load average as it ended; "first page" is from the command until \`GET /\` answers 200. The CPU time of all its processes hardly depends on the load: on a quiet machine of ${cores} cores \`npm start\` cannot reach its first page sooner than that time divided by ${cores}, ${((firstStart.npmStart['CPU time, all processes']?.seconds ?? 0) / cores).toFixed(1)} s.`,
  '',
  '| stage | npm start (s) | load | in turn (s) | load |',
  '|---|---|---|---|---|',
  ...stageNames.map((stage) => {
    const cell = (stages: Stages) => {
      const value = stages[stage];
      return value ? `${value.seconds.toFixed(1)} | ${value.load}` : '| ';
    };
    return `| ${stage} | ${cell(firstStart.npmStart)} | ${cell(firstStart.inTurn)} |`;
  }),
  '',
].join('\n');
fs.writeFileSync(path.join(resultsDir, 'startup.md'), markdown);
console.log(`\n${markdown}`);
