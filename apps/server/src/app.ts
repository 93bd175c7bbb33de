import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Env } from './config/env.js';
import type { DatabaseHandle } from './db/client.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { currencyRoutes } from './modules/currency/currency.routes.js';
import { promotionsRoutes } from './modules/promotions/promotions.routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerResponseCache } from './plugins/response-cache.js';
import { registerSecurity } from './plugins/security.js';
import { registerStorefront } from './plugins/storefront.js';

export interface AppDependencies {
  env: Env;
  database: DatabaseHandle;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDependencies;
  }
}

export type App = FastifyInstance;

/** Builds the whole application; the server and every test use this same factory. */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { env } = deps;
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password'],
          },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  registerErrorHandler(app);
  await registerSecurity(app, env);
  await registerOpenApi(app);
  registerResponseCache(app, { ttlSeconds: env.RESPONSE_CACHE_SECONDS });

  await app.register(catalogRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(currencyRoutes, { prefix: '/api' });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(promotionsRoutes, { prefix: '/api' });

  await registerStorefront(app, {
    webDistDir: env.WEB_DIST_DIR,
    uploadsDir: path.join(env.dataDir, 'uploads'),
  });

  app.addHook('onClose', async () => deps.database.close());
  return app;
}
