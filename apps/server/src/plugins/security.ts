import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Env } from '../config/env.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on a route no browser renders (health probes): it answers without security headers. */
    securityHeaders?: false;
  }
}

/**
 * Helmet with a real Content-Security-Policy, images under /uploads/ embeddable from any origin,
 * and CORS limited to the configured origins.
 */
export async function registerSecurity(app: FastifyInstance, env: Env): Promise<void> {
  // Nets' embedded checkout is a script and an iframe from its checkout host; the built-in test
  // widget is served by this server.
  const paymentOrigins =
    env.PAYMENT_PROVIDER === 'nets' ? [new URL(env.NETS_CHECKOUT_SCRIPT_URL).origin] : [];
  // /uploads/<key> redirects to the bucket's public address when there is one (issue 16).
  const imageOrigins = env.s3?.publicUrl ? [new URL(env.s3.publicUrl).origin] : [];
  // helmet itself, built once: @fastify/helmet builds it again on every request, which was a
  // twentieth of a product page's CPU time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...paymentOrigins],
        // Bootstrap components position themselves with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", ...paymentOrigins],
        upgradeInsecureRequests: env.PUBLIC_URL.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === false) return done();
    securityHeaders(request.raw, reply.raw, () => done());
  });
  // Helmet answers `Cross-Origin-Resource-Policy: same-origin`, which makes a browser refuse
  // our images on a storefront of another origin. Public images may be shown anywhere; every
  // other answer keeps the strict policy.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/uploads/')) {
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    }
  });
  const allowed = new Set(env.CORS_ORIGINS);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin === undefined || allowed.has(origin)),
    credentials: true,
    allowedHeaders: ['Authorization', 'Content-Type'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });
}
