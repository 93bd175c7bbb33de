import { compression } from 'vite-plugin-compression2';

/**
 * A Vite plugin writing every text asset of a build also as `.br` and `.gz`, at the slowest,
 * smallest settings (brotli 11, gzip 9): built once, then served as they are by the server
 * (@fastify/static's `preCompressed`), so no request pays for compressing them. Used by the
 * storefront's and the back office's builds.
 */
export const precompressAssets = () =>
  compression({
    include: /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/,
    algorithms: ['brotliCompress', 'gzip'],
    threshold: 1024,
    skipIfLargerOrEqual: true,
  });
