import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { productFeed, type FeedKind, type FeedOptions } from './feeds.service.js';

/**
 * A comparison site fetches its feed a few times a day, and the kept answer is cleared on every
 * change of the catalogue: a proxy between may keep it ten minutes.
 */
const CACHE_CONTROL = 'public, max-age=600';

const sendXml = (reply: FastifyReply, xml: string) =>
  reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(xml);

/** Each feed's stable address, at the site's root beside the sitemap. */
export const feedPaths: Record<FeedKind, string> = {
  googleMerchant: '/feeds/google-merchant.xml',
  prisjakt: '/feeds/prisjakt.xml',
};

/**
 * The product feeds (issue 34.6), 404 while the owner has not published them. Files a site
 * fetches rather than API calls, so they stay out of the OpenAPI document. Each walks the whole
 * catalogue, so the answer is kept by the response cache, which forgets it on every catalogue
 * change (a save, a sale's stock, a price sale starting) and every back-office save (the
 * settings that publish them, the shop's name).
 */
export const feedsRoutes: FastifyPluginAsync<FeedOptions> = async (app, options) => {
  const cached = { schema: { hide: true }, config: { responseCache: true } } as const;
  for (const [kind, path] of Object.entries(feedPaths) as [FeedKind, string][])
    app.get(path, cached, async (_request, reply) =>
      sendXml(reply, await app.readCatalogue((db) => productFeed(db, kind, options))),
    );
};
