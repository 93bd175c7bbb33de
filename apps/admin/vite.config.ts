import { defineConfig } from 'vite';
import { compiledCatalogs } from '../../scripts/compiled-catalogs.js';
import { precompressAssets } from '../../scripts/precompress-assets.js';

const apiOrigin = process.env.VITE_DEV_API ?? 'http://localhost:5000';

/**
 * The back office is its own bundle, served by the server under /admin/, so nothing of it ever
 * reaches a shopper's first load (issue 12). It is plain React: its users are a handful of staff
 * on office machines, and the storefront's size budget is not theirs.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [compiledCatalogs(), precompressAssets()],
  server: {
    port: 5174,
    proxy: { '/api': apiOrigin, '/uploads': apiOrigin },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // react-bootstrap's "use client" markers mean nothing without server components.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
