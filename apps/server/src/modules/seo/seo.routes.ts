import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { robotsTxt, sitemap, sitemapPart, type SitemapOptions } from './seo.service.js';

/** Crawlers come back daily at most; an hour late is soon enough for a new product. */
const CACHE_CONTROL = 'public, max-age=3600';

const sendXml = (reply: FastifyReply, xml: string) =>
  reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(xml);

/**
 * `/robots.txt`, `/sitemap.xml` and its parts `/sitemap-{n}.xml` for search engines (issue 15).
 * Files a crawler fetches rather than API calls, so they stay out of the OpenAPI document.
 */
export const seoRoutes: FastifyPluginAsync<SitemapOptions> = async (app, options) => {
  const robots = robotsTxt(options.publicUrl);
  const hidden = { schema: { hide: true } } as const;
  // The sitemap walks the whole catalogue; a crawler asking again gets the kept answer.
  const cached = { ...hidden, config: { responseCache: true } } as const;

  app.get('/robots.txt', hidden, async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', cached, async (_request, reply) =>
    sendXml(reply, await app.readCatalogue((db) => sitemap(db, options))),
  );
  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', cached, async (request, reply) =>
    sendXml(reply, await app.readCatalogue((db) => sitemapPart(db, options, request.params.part))),
  );
};
