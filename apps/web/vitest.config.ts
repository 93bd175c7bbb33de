import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from '../../scripts/compiled-catalogs.js';
import { reactToPreact } from './vite.config.js';

// Every time a person reads is on the Oslo clock, whatever the machine's zone (issue 29.13): the
// tests run in UTC, so a formatter that forgets its zone shows the wrong hour and fails.
process.env.TZ = 'UTC';

const withSelectorShim = fileURLToPath(
  new URL('./src/test/use-sync-external-store-with-selector.ts', import.meta.url),
);

const nodeModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));

// react-bootstrap's helpers resolve to CommonJS builds under Vitest (their `node` export
// condition), which `require` the real React; their ES builds go through the aliases.
const reactBootstrapHelpers = [
  { find: /^@restart\/(ui|hooks)$/, replacement: `${nodeModules}@restart/$1/esm/index.js` },
  { find: /^@restart\/(ui|hooks)\/(.+)$/, replacement: `${nodeModules}@restart/$1/esm/$2.js` },
  {
    find: /^react-transition-group\/(.+)$/,
    replacement: `${nodeModules}react-transition-group/esm/$1.js`,
  },
  { find: /^@react-aria\/ssr$/, replacement: `${nodeModules}@react-aria/ssr/dist/import.mjs` },
  // The server's render is tested in the node environment, whose own resolution finds the
  // CommonJS build of a component's folder.
  { find: /^react-bootstrap\/([A-Z]\w*)$/, replacement: `${nodeModules}react-bootstrap/esm/$1.js` },
];

export default defineConfig({
  plugins: [compiledCatalogs()],
  resolve: {
    alias: [
      ...reactToPreact,
      ...reactBootstrapHelpers,
      { find: /^use-sync-external-store\/with-selector(\.js)?$/, replacement: withSelectorShim },
    ],
    // The ES module builds, whose `react` imports the aliases can redirect.
    mainFields: ['module', 'main'],
    conditions: ['module', 'browser', 'development|production'],
  },
  // Tests in the node environment (the server's render) resolve the same ES module builds.
  ssr: { resolve: { conditions: ['module', 'node', 'development|production'] } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Libraries that import React must go through the same preact/compat aliases as the shop.
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /react-redux/,
          /react-router/,
          /@reduxjs\/toolkit/,
          /react-bootstrap/,
          /@restart\//,
          /react-transition-group/,
          /uncontrollable/,
          /react-hook-form/,
          /@hookform\/resolvers/,
          /preact-render-to-string/,
          /@lingui\/react/,
        ],
      },
    },
  },
});
