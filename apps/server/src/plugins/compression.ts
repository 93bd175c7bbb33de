import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers the browser accepts compressed: the rendered pages and the API's JSON
 * (brotli at the plugin's quality 4, fast enough per request; gzip for the rest). Built assets
 * are compressed once at build time and served as they are (`preCompressed`), which this skips
 * since they already carry their encoding. Registered after the response cache, so the cache
 * keeps plain answers and each request gets the encoding it asked for. Request bodies are never
 * decompressed: no client of ours sends them compressed, and a small compressed body can
 * expand past the body limits.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
}
