// `npm start`: the whole demo shop in one command. Builds what is missing or older than its
// sources (storefront, compiled server), sets the demo up on a first start (migrations, demo
// catalogue and its pictures, with progress), then runs the compiled server the way production
// runs it.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildWhatIsStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');

try {
  import.meta.resolve('tsx');
} catch {
  console.error(
    '`npm start` is the demo: it needs the development dependencies (`npm ci`). A production install (`npm ci --omit=dev`) starts with `node apps/server/dist/server.js`; see the README.',
  );
  process.exit(1);
}

buildWhatIsStale();

// Production mode needs PUBLIC_URL by name; the demo's public address is this machine.
const env = {
  NODE_ENV: 'production',
  PUBLIC_URL: `http://localhost:${process.env.PORT || 5000}`,
  ...process.env,
};

const firstStart = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/db/seed/first-start.ts')],
  { cwd: process.cwd(), stdio: 'inherit', env },
);
if (firstStart.status !== 0) process.exit(firstStart.status ?? 1);

console.log('[first start] Starting the shop…');
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Says where the shop is once it answers, after the server's own log lines.
const ready = `http://127.0.0.1:${process.env.PORT || 5000}/ready`;
for (let attempt = 0; attempt < 240 && server.exitCode === null; attempt += 1) {
  const answered = await fetch(ready).then(
    (response) => response.ok,
    () => false,
  );
  if (answered) {
    console.log(`The shop is open at ${env.PUBLIC_URL} (Ctrl+C stops it).`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
