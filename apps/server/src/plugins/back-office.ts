import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built back office (apps/admin) under /admin/: its hashed assets cached for a year,
 * its page for every /admin route, never cached and never indexed. The app decides what a
 * signed-out visitor sees; every call it makes is guarded on the server (`/api/admin/*`).
 */
export async function registerBackOffice(
  app: FastifyInstance,
  options: { adminDistDir: string },
): Promise<void> {
  const indexFile = path.join(options.adminDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: options.adminDistDir,
    prefix: '/admin/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build's `.br` and `.gz` beside each asset (scripts/precompress-assets.ts).
    preCompressed: true,
    setHeaders: (reply) => reply.header('Cache-Control', IMMUTABLE),
  });
  const sendPage = async (_request: unknown, reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .type('text/html')
      .send(indexHtml);
  app.get('/admin', { schema: { hide: true } }, sendPage);
  app.get('/admin/*', { schema: { hide: true } }, async (request, reply) =>
    // A missing file of a build (an old tab after a deployment) is not the page.
    request.url.startsWith('/admin/assets/')
      ? reply.status(404).send({ message: `Not found: GET ${request.url.split('?')[0]}` })
      : sendPage(request, reply),
  );
}
