import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormBody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Env } from './config/env.js';
import type { DatabaseHandle } from './db/client.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { registerAuthentication } from './modules/accounts/authenticate.js';
import { loadSigningKey, SessionTokens } from './modules/accounts/session-tokens.js';
import { socialRoutes } from './modules/accounts/social.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { currencyRoutes } from './modules/currency/currency.routes.js';
import { devMailboxRoutes } from './modules/mail/mail.routes.js';
import { enquiriesRoutes } from './modules/enquiries/enquiries.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { forgetCustomer } from './modules/orders/orders.service.js';
import { createMailWorker } from './modules/mail/mail.worker.js';
import {
  createPaymentProvider,
  type PaymentProvider,
} from './modules/payments/payment-provider.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { promotionsRoutes } from './modules/promotions/promotions.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { shippingRoutes } from './modules/shipping/shipping.routes.js';
import { multipartLimits, uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimits } from './plugins/rate-limit.js';
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
    paymentProvider: PaymentProvider;
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
  await app.register(fastifyCookie);
  // Apple posts its sign-in answer back as a form.
  await app.register(fastifyFormBody, { bodyLimit: 64 * 1024 });
  // Review images; the upload route reads the one file itself.
  await app.register(fastifyMultipart, { limits: multipartLimits(env.UPLOAD_MAX_MEGABYTES) });
  await registerRateLimits(app, env);

  const { db } = deps.database;
  const mailWorker = createMailWorker({ db, env, log: app.log });
  const sessionTokens = new SessionTokens(db, await loadSigningKey(env));
  registerAuthentication(app, sessionTokens);
  const accounts = new AccountsService({
    db,
    tokens: sessionTokens,
    publicUrl: env.PUBLIC_URL,
    mailQueued: () => mailWorker.wake(),
    eraseCustomerData: forgetCustomer,
  });
  const paymentProvider = createPaymentProvider({ db, env });
  app.decorate('paymentProvider', paymentProvider);

  await app.register(catalogRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(currencyRoutes, { prefix: '/api' });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(promotionsRoutes, { prefix: '/api' });
  await app.register(shippingRoutes, { prefix: '/api' });
  await app.register(reviewsRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api', accounts });
  await app.register(socialRoutes, { accounts });
  await app.register(paymentsRoutes, { provider: paymentProvider });
  await app.register(ordersRoutes, {
    prefix: '/api',
    checkout: {
      db,
      provider: paymentProvider,
      publicUrl: env.PUBLIC_URL,
      mailQueued: () => mailWorker.wake(),
    },
  });
  await app.register(uploadsRoutes, { prefix: '/api' });
  await app.register(enquiriesRoutes, { prefix: '/api', mailQueued: () => mailWorker.wake() });
  if (env.devMailbox) await app.register(devMailboxRoutes);

  await registerStorefront(app, {
    webDistDir: env.WEB_DIST_DIR,
    uploadsDir: path.join(env.dataDir, 'uploads'),
    testPayments: env.PAYMENT_PROVIDER === 'test',
  });

  app.addHook('onReady', async () => mailWorker.start());
  // The worker stops before the database closes, so an in-flight send can record its result.
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    await deps.database.close();
  });
  return app;
}
