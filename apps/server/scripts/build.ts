// `npm run build` (server part): bundles the server and the admin command into dist/ for plain
// `node`, copies the files they read at run time beside them, and draws the cleaning page's
// photos, so that a production start builds and draws nothing.
import fs from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { ensureCleaningImages } from '../src/db/seed/cleaning-images.js';
import { LocalDiskStorage } from '../src/modules/uploads/index.js';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

/**
 * Installed packages stay imports (`npm ci --omit=dev` provides them); the workspace's own
 * packages are TypeScript sources, which plain node cannot load, so they are bundled in.
 */
const installedPackagesStayExternal: Plugin = {
  name: 'installed-packages-stay-external',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@shop/') ? undefined : { path: specifier, external: true },
    );
  },
};

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

async function productionDependencies(): Promise<Set<string>> {
  const manifests = ['package.json', '../../packages/shared/package.json'];
  const names = await Promise.all(
    manifests.map(async (manifest) => {
      const { dependencies = {} } = JSON.parse(
        await fs.readFile(path.join(root, manifest), 'utf8'),
      ) as { dependencies?: Record<string, string> };
      return Object.keys(dependencies);
    }),
  );
  return new Set(names.flat());
}

const started = performance.now();
const result = await build({
  entryPoints: { server: 'src/server.ts', admin: 'src/admin/cli.ts' },
  absWorkingDir: root,
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // `node --enable-source-maps` then reports stack frames in the TypeScript sources.
  sourcemap: 'linked',
  plugins: [installedPackagesStayExternal],
  metafile: true,
  logLevel: 'warning',
});

// A package the bundle imports but production does not install would only fail at start.
const installed = await productionDependencies();
const builtins = new Set(builtinModules);
const imported = new Set(
  Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((entry) => entry.external).map((entry) => packageName(entry.path)),
  ),
);
const missing = [...imported].filter(
  (name) => !name.startsWith('node:') && !builtins.has(name) && !installed.has(name),
);
if (missing.length > 0) {
  console.error(
    `The compiled server imports ${missing.join(', ')}, which are not production dependencies of @shop/server or @shop/shared: move them to "dependencies", or keep them off the server's path.`,
  );
  process.exit(1);
}

// Same places relative to the bundle as relative to src/runtime-files.ts.
for (const folder of ['db/migrations', 'modules/payments/widget']) {
  await fs.rm(path.join(dist, folder), { recursive: true, force: true });
  await fs.cp(path.join(root, 'src', folder), path.join(dist, folder), { recursive: true });
}
// Files of the build beside the bundle, whatever store the shop uses; each start copies them in.
const photos = await ensureCleaningImages(new LocalDiskStorage(path.join(dist, 'uploads')));

console.log(
  `server built into ${path.relative(process.cwd(), dist) || '.'}: server.js, admin.js; cleaning photos ${photos.rendered} drawn, ${photos.skipped} kept (${Math.round(performance.now() - started)} ms)`,
);
