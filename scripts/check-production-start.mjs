// The production path, as CI checks it (issue 11): the built shop is copied without its
// development dependencies (`npm ci --omit=dev`) and started the way production starts it
// (`node apps/server/dist/server.js`, NODE_ENV=production) on a fresh PostgreSQL database;
// /ready and a catalogue call must answer. It removes what it made, and gives up after 5 minutes.
//
//   node scripts/check-production-start.mjs
//
// PostgreSQL: CHECK_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (a database of its own is created there and dropped). Port: CHECK_PORT (default 5077).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { buildWhatIsStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.CHECK_PORT ?? 5077);
const serverUrl =
  process.env.CHECK_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const base = `http://127.0.0.1:${port}`;
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Folders of a working tree that a clean clone does not have. */
const notCopied = new Set(['.git', 'data', 'test-results', 'playwright-report', 'bench/.data']);

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-production-'));
const database = `shop_production_check_${process.pid}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
let server;
let databaseMade = false;

async function cleanUp() {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const killer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  }
  if (databaseMade) await admin.unsafe(`drop database if exists "${database}" with (force)`);
  await admin.end();
  fs.rmSync(copy, { recursive: true, force: true });
}

const deadline = setTimeout(async () => {
  console.error(`production check: gave up after ${seconds()}`);
  await cleanUp().catch(() => {});
  process.exit(1);
}, 300_000);

function fail(message) {
  throw new Error(message);
}

function run(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 240_000, ...options });
  if (result.status !== 0)
    fail(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
    );
  return `${result.stdout}${result.stderr}`;
}

async function get(url, expectedType) {
  const response = await fetch(url);
  if (!response.ok) fail(`GET ${url} answered ${response.status}: ${await response.text()}`);
  if (!response.headers.get('content-type')?.startsWith(expectedType))
    fail(`GET ${url} answered ${response.headers.get('content-type')}, not ${expectedType}`);
  return response;
}

async function waitForReady() {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) fail(`the server stopped with ${server.exitCode} before /ready`);
    const answer = await fetch(`${base}/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (answer === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail('/ready did not answer 200 within a minute');
}

/** What production is given: no variable of this shell leaks in besides the tools' paths. */
function productionEnv(overrides) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(copy, 'data'),
    DATABASE_URL: (() => {
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      return url.toString();
    })(),
    ...overrides,
  };
}

try {
  buildWhatIsStale();

  fs.cpSync(root, copy, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return !notCopied.has(relative) && path.basename(source) !== 'node_modules';
    },
  });
  console.log(`production check: built shop copied to ${copy} (${seconds()})`);

  const install = run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: copy });
  if (install.includes('EBADENGINE'))
    fail(`npm ci warns that a package does not support this Node.js:\n${install}`);
  for (const demoOnly of ['tsx', 'esbuild', '@iconify-json/fluent-emoji'])
    if (fs.existsSync(path.join(copy, 'node_modules', demoOnly)))
      fail(`${demoOnly} is installed by npm ci --omit=dev: it must be a development dependency`);
  console.log(`production check: npm ci --omit=dev done, no EBADENGINE warning (${seconds()})`);

  const entry = path.join(copy, 'apps/server/dist/server.js');
  const refused = spawnSync(process.execPath, [entry], {
    cwd: copy,
    encoding: 'utf8',
    timeout: 30_000,
    env: productionEnv({}),
  });
  if (refused.status === 0 || !refused.stderr.includes('PUBLIC_URL: must be set in production'))
    fail(`a production start without PUBLIC_URL did not stop naming it:\n${refused.stderr}`);
  console.log('production check: a start without PUBLIC_URL stops and names it');

  await admin.unsafe(`create database "${database}"`);
  databaseMade = true;
  const startedAt = Date.now();
  server = spawn(process.execPath, [entry], {
    cwd: copy,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: productionEnv({ PUBLIC_URL: base, LOG_LEVEL: 'warn' }),
  });
  await waitForReady();
  console.log(`production check: /ready answered ${Date.now() - startedAt} ms after the start`);

  await get(`${base}/health`, 'application/json');
  const { categories } = await (await get(`${base}/api/categories/web`, 'application/json')).json();
  if (!Array.isArray(categories)) fail('/api/categories/web did not answer a category list');
  await get(`${base}/`, 'text/html');
  await get(`${base}/admin/login`, 'text/html');
  await get(`${base}/uploads/cleaning/cleaning-1.webp`, 'image/webp');
  console.log(
    `production check: passed — catalogue, storefront, back office and cleaning photos answer (${seconds()})`,
  );
} catch (error) {
  console.error(`production check failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(deadline);
}
