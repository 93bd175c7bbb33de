// Builds the storefront, the back office and the compiled server when their build is missing or older than their
// sources: `npm start` and the production-start check use it, so neither builds twice.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const parts = [
  {
    name: 'storefront',
    workspace: '@shop/web',
    // Built last by the workspace's build, after the page itself.
    output: 'apps/web/dist/ssr/entry-server.mjs',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'scripts/precompress-assets.ts',
      'packages/shared/src',
    ],
  },
  {
    name: 'back office',
    workspace: '@shop/admin',
    output: 'apps/admin/dist/index.html',
    sources: [
      'apps/admin/src',
      'apps/admin/index.html',
      'apps/admin/vite.config.ts',
      'scripts/precompress-assets.ts',
      'packages/shared/src',
    ],
  },
  {
    name: 'server',
    workspace: '@shop/server',
    output: 'apps/server/dist/server.js',
    sources: [
      'apps/server/src',
      'apps/server/scripts',
      'apps/server/package.json',
      'packages/shared/src',
    ],
  },
];

function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

function isStale(part) {
  const output = path.join(root, part.output);
  const buildTime = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  const sourceTime = Math.max(
    ...part.sources.map((source) => newestChange(path.join(root, source))),
  );
  return sourceTime > buildTime;
}

/** Builds each stale part; exits the process with the build's status when one fails. */
export function buildWhatIsStale() {
  for (const part of parts) {
    if (!isStale(part)) continue;
    console.log(`Building the ${part.name}…`);
    const build = spawnSync('npm', ['run', 'build', '--workspace', part.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

/**
 * Starts the build of each stale part (each part, with `force`) at once: they write to folders
 * of their own, and a Vite build mostly keeps one core busy, so on two cores three builds beside
 * the demo's set-up finish sooner than in turn. Their output is kept and shown only when a build
 * fails, so that it does not interleave. Tells `onBuilding` each part's name as it starts and
 * `onBuilt` its name and seconds as it ends; rejects with the output of the first that fails.
 */
export function buildStaleInParallel({
  force = false,
  onBuilding = () => {},
  onBuilt = () => {},
} = {}) {
  return Promise.all(
    parts
      .filter((part) => force || isStale(part))
      .map(
        (part) =>
          new Promise((resolve, reject) => {
            onBuilding(part.name);
            const started = performance.now();
            const build = spawn('npm', ['run', 'build', '--workspace', part.workspace], {
              cwd: root,
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            const output = [];
            build.stdout.on('data', (chunk) => output.push(chunk));
            build.stderr.on('data', (chunk) => output.push(chunk));
            build.on('error', reject);
            build.on('close', (code) => {
              if (code !== 0) {
                reject(
                  new Error(
                    `Building the ${part.name} failed:\n${Buffer.concat(output).toString()}`,
                  ),
                );
                return;
              }
              onBuilt({ name: part.name, seconds: (performance.now() - started) / 1000 });
              resolve();
            });
          }),
      ),
  );
}
