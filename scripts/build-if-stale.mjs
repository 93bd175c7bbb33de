// Builds the storefront, the back office and the compiled server when their build is missing or older than their
// sources: `npm start` and the production-start check use it, so neither builds twice.
import { spawnSync } from 'node:child_process';
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

/** Builds each stale part; exits the process with the build's status when one fails. */
export function buildWhatIsStale() {
  for (const part of parts) {
    const output = path.join(root, part.output);
    const buildTime = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
    const sourceTime = Math.max(
      ...part.sources.map((source) => newestChange(path.join(root, source))),
    );
    if (sourceTime <= buildTime) continue;
    console.log(`Building the ${part.name}…`);
    const build = spawnSync('npm', ['run', 'build', '--workspace', part.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
