import { defineConfig, type Plugin } from 'vite';
import { compiledCatalogs } from '../../scripts/compiled-catalogs.js';
import { precompressAssets } from '../../scripts/precompress-assets.js';

/**
 * The storefront is written against React's API and ships through Preact's compatibility
 * layer, which keeps the first load small (see docs/decisions.md).
 */
export const reactToPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const apiOrigin = process.env.VITE_DEV_API ?? 'http://localhost:5000';

/**
 * The built page is marked by the server when payments are in test mode; under `npm run dev`
 * Vite serves the page, with the same PAYMENT_PROVIDER in its environment as the dev server.
 */
const markTestPaymentsInDev: Plugin = {
  name: 'mark-test-payments-in-dev',
  apply: 'serve',
  transformIndexHtml: (html) =>
    process.env.PAYMENT_PROVIDER === 'nets'
      ? html
      : html.replace(/<html\b/, '<html data-test-payments="true"'),
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server's render is never sent to a browser, so it is not compressed.
  plugins: [
    compiledCatalogs(),
    markTestPaymentsInDev,
    ...(isSsrBuild ? [] : [precompressAssets()]),
  ],
  resolve: { alias: reactToPreact },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/uploads': apiOrigin,
      '/auth': apiOrigin,
      '/payments': apiOrigin,
      '/dev': apiOrigin,
    },
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5's Sass still uses @import and global functions; its warnings are not ours.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  // The server's render (`vite build --ssr`) bundles everything, so the aliases to Preact apply
  // to the libraries too, and loads as ES modules wherever the build is put.
  ssr: { noExternal: true, target: 'node' },
  // The libraries' production builds, whatever NODE_ENV the server runs with: no development
  // checks (Redux's state invariants) on every render.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    sourcemap: false,
    copyPublicDir: !isSsrBuild,
    // The server reads which file holds each language's catalogue, to preload the page's own.
    manifest: !isSsrBuild,
    assetsInlineLimit: 2048,
    rollupOptions: {
      onwarn(warning, warn) {
        // react-bootstrap's "use client" markers mean nothing without server components, and
        // React Router feature-detects useOptimistic, which Preact does not have.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic'))
          return;
        warn(warning);
      },
      output: isSsrBuild
        ? { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' }
        : {
            codeSplitting: {
              // Everything the first page needs in one file, the pages in chunks of their own.
              // Without this group the bundler's chunk merging gives up on small changes (a
              // shared hook imported by a page, a top-level await) and the first load falls
              // apart into a dozen small files (docs/decisions.md, "Walls on the storefront").
              groups: [{ name: 'index', tags: ['$initial'] }],
            },
          },
    },
  },
}));
