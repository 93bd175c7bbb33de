// `npm start`: the whole demo shop in one command. Builds what is missing or older than its
// sources (storefront, back office, compiled server) while it sets the demo up on a first start
// (migrations, demo catalogue and its pictures), saying each stage with the seconds since the
// command began, then runs the compiled server the way production runs it. With `--rebuild` it
// builds every part, stale or not: the start-up bench measures a first start so.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildStaleInParallel } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const began = performance.now();
const seconds = (since) => (performance.now() - since) / 1000;
const say = (line) => console.log(`${seconds(began).toFixed(1).padStart(5)} s  ${line}`);

/**
 * The start-up bench names a file to collect each stage's seconds in, with the load average as it
 * ends; first-start.ts adds its own stages.
 */
function note(stage, stageSeconds) {
  const file = process.env.STARTUP_STAGES_FILE;
  const line = { stage, seconds: stageSeconds, load: Math.round(os.loadavg()[0] * 100) / 100 };
  if (file) fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

try {
  import.meta.resolve('tsx');
} catch {
  console.error(
    '`npm start` is the demo: it needs the development dependencies (`npm ci`). A production install (`npm ci --omit=dev`) starts with `node apps/server/dist/server.js`; see the README.',
  );
  process.exit(1);
}

// Production mode needs PUBLIC_URL by name; the demo's public address is this machine.
const env = {
  NODE_ENV: 'production',
  PUBLIC_URL: `http://localhost:${process.env.PORT || 5000}`,
  ...process.env,
};

/** The demo's set-up from the sources, which it reads rather than the builds: both run at once. */
function firstStart() {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/src/db/seed/first-start.ts')],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'], env },
    );
    // Its lines, told the time, between the builds' lines.
    readline.createInterface({ input: child.stdout }).on('line', say);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(Object.assign(new Error('first start'), { status: code })),
    );
  });
}

const builds = buildStaleInParallel({
  force: process.argv.includes('--rebuild'),
  onBuilding: (name) => say(`Building the ${name} beside the set-up…`),
  onBuilt: (built) => {
    note(`build ${built.name}`, built.seconds);
    say(`Built the ${built.name} (${built.seconds.toFixed(1)} s).`);
  },
});
try {
  await Promise.all([builds, firstStart()]);
  note('builds and first start', seconds(began));
} catch (error) {
  // The first start has said what went wrong on stderr; a failed build's output is in its error.
  if (error.status === undefined) console.error(error.message);
  process.exit(error.status || 1);
}

say('Starting the shop…');
const serverStarted = performance.now();
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Says where the shop is once it answers, after the server's own log lines.
const ready = `http://127.0.0.1:${process.env.PORT || 5000}/ready`;
for (let attempt = 0; attempt < 600 && server.exitCode === null; attempt += 1) {
  const answered = await fetch(ready).then(
    (response) => response.ok,
    () => false,
  );
  if (answered) {
    note('server ready', seconds(serverStarted));
    say(`The shop is open at ${env.PUBLIC_URL} (Ctrl+C stops it).`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
