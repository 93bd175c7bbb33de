import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import {
  type FileStorage,
  isStorageKey,
  LocalDiskStorage,
  UPLOADS_CACHE_CONTROL,
} from './storage.js';

/**
 * Serves the stored images at /uploads/<key>, the same paths from every store (issue 16):
 * - local disk: the files themselves (@fastify/static: ETag, Last-Modified, ranges);
 * - object storage with a public URL (S3_PUBLIC_URL): a 302 to the object's public address,
 *   cacheable as long as the image, so the bytes come from the bucket or its CDN and no server
 *   process carries them;
 * - object storage without one: the object streamed from the store through the server, with
 *   its type, ETag and Last-Modified, for a private bucket.
 * A path that is no key the server makes, or a key the store lacks, is a 404.
 */
export async function serveUploadedFiles(
  app: FastifyInstance,
  storage: FileStorage,
): Promise<void> {
  if (storage instanceof LocalDiskStorage) {
    fs.mkdirSync(storage.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: '7d',
    });
    return;
  }

  // HEAD by hand: Fastify's own HEAD route would read the whole object and answer length 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*'?: string })['*'] ?? '';
      if (!isStorageKey(key)) return reply.callNotFound();
      const publicUrl = storage.publicUrlOf?.(key);
      if (publicUrl)
        return reply.header('Cache-Control', UPLOADS_CACHE_CONTROL).redirect(publicUrl, 302);

      const file = await storage.get(key);
      if (!file) return reply.callNotFound();
      reply.header('Cache-Control', UPLOADS_CACHE_CONTROL);
      if (file.etag) reply.header('ETag', file.etag);
      if (file.lastModified) reply.header('Last-Modified', file.lastModified.toUTCString());
      // A browser revalidating an image it has: answered from the ETag, without the bytes.
      if (file.etag && request.headers['if-none-match'] === file.etag) {
        file.body.destroy();
        return reply.status(304).send();
      }
      reply.type(file.contentType);
      if (file.length !== undefined) reply.header('Content-Length', file.length);
      if (request.method === 'HEAD') {
        file.body.destroy();
        return reply.send();
      }
      return reply.send(file.body);
    },
  });
}
