import fastifyCookie from '@fastify/cookie';
import fastifyFormBody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Env } from './config/env.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { registerAuthentication } from './modules/accounts/authenticate.js';
import { removeExpiredAccountTokens } from './modules/accounts/expired-tokens.js';
import { GUEST_LIFETIME_MS, removeIdleGuests } from './modules/accounts/idle-guests.js';
import { loadSigningKey, SessionTokens } from './modules/accounts/session-tokens.js';
import { socialRoutes } from './modules/accounts/social.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { eraseFromAuditEntries } from './modules/audit/audit.service.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { SearchIndex } from './modules/catalog/search-index.js';
import { bestSellersAdminRoutes } from './modules/catalog/best-sellers-admin.routes.js';
import { categoriesAdminRoutes } from './modules/catalog/categories-admin.routes.js';
import {
  categorySlugExists,
  productSlugExists,
  slugRedirect,
} from './modules/catalog/catalog.service.js';
import { inventoryRoutes } from './modules/catalog/inventory.routes.js';
import { eraseFromStockNotes } from './modules/catalog/inventory.service.js';
import { priceSalesRoutes } from './modules/catalog/price-sales.routes.js';
import { runDueSales } from './modules/catalog/price-sales.service.js';
import { productsAdminRoutes } from './modules/catalog/products-admin.routes.js';
import { productsCsvRoutes } from './modules/catalog/products-csv.routes.js';
import { contentAdminRoutes } from './modules/content/content-admin.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { staticPagesAdminRoutes } from './modules/content/static-pages-admin.routes.js';
import { staticPagesRoutes } from './modules/content/static-pages.routes.js';
import { currencyRoutes } from './modules/currency/currency.routes.js';
import { customersAdminRoutes } from './modules/customers/customers-admin.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { devMailboxRoutes } from './modules/mail/mail.routes.js';
import { cleaningAdminRoutes } from './modules/enquiries/cleaning-admin.routes.js';
import { enquiriesRoutes } from './modules/enquiries/enquiries.routes.js';
import { forgetEnquiriesFrom } from './modules/enquiries/enquiries.service.js';
import { enquiriesAdminRoutes } from './modules/enquiries/enquiries-admin.routes.js';
import { accountingRoutes } from './modules/orders/accounting.routes.js';
import { ordersAdminRoutes } from './modules/orders/orders-admin.routes.js';
import { orderMoneyRoutes } from './modules/orders/order-money.routes.js';
import { resumePendingRefunds } from './modules/orders/order-money.service.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import {
  customerOrders,
  forgetCustomer,
  forgetExpiredBuyers,
} from './modules/orders/orders.service.js';
import { settleDuePayments } from './modules/orders/payment-settlement.js';
import { forgetMailsAbout } from './modules/mail/mail.service.js';
import { createMailWorker } from './modules/mail/mail.worker.js';
import {
  createPaymentProvider,
  type PaymentProvider,
} from './modules/payments/payment-provider.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { promotionsAdminRoutes } from './modules/promotions/promotions-admin.routes.js';
import { promotionsRoutes } from './modules/promotions/promotions.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { reviewsAdminRoutes } from './modules/reviews/reviews-admin.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { SITEMAP_PART_SIZE } from './modules/seo/seo.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { getSetting } from './modules/settings/settings.service.js';
import { shippingAdminRoutes } from './modules/shipping/shipping-admin.routes.js';
import { shippingRoutes } from './modules/shipping/shipping.routes.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { removeExpiredStaffTokens } from './modules/staff/expired-staff-tokens.js';
import { StaffTeam } from './modules/staff/staff-team.service.js';
import { StaffService } from './modules/staff/staff.service.js';
import { createFileStorage } from './modules/uploads/storage.js';
import { multipartLimits, uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { registerBackOffice } from './plugins/back-office.js';
import { databaseCacheInvalidations } from './plugins/cache-invalidations.js';
import { ReadRouting } from './db/read-routing.js';
import { registerCompression } from './plugins/compression.js';
import { registerDraining } from './plugins/draining.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { healthRoutes } from './plugins/health.js';
import { loggerOptions, OneLinePerRequest } from './plugins/logging.js';
import { registerOpenApi } from './plugins/openapi.js';
import { createPeriodicJob } from './plugins/periodic-job.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { parseQueryString, registerJsonBodyParser } from './plugins/request-parsing.js';
import { registerResponseCache, type CacheInvalidations } from './plugins/response-cache.js';
import { registerSecurity } from './plugins/security.js';
import { registerStorefront } from './plugins/storefront.js';
import { createTestClock, testClockRoutes } from './plugins/test-clock.js';

export interface AppDependencies {
  env: Env;
  database: DatabaseHandle;
  /** Where the log goes; standard output when not given (a test reads it). */
  logStream?: FastifyLoggerOptions['stream'];
  /** What time it is for schedules (slides, campaigns, sales); a test sets its own. */
  clock?: Clock;
  /** URLs per sitemap file (50 000); a test lowers it to see the sitemap index. */
  sitemapPartSize?: number;
}

/** The current time, asked through the app so a test can move it. */
export type Clock = () => Date;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDependencies;
    paymentProvider: PaymentProvider;
    clock: Clock;
    /**
     * Runs a storefront's read-only catalogue read on the database it reads now: the read replica
     * when DATABASE_READ_URL is set and it has replayed every change, the primary otherwise; a
     * read the replica fails runs again on the primary. Anything that writes, and a checkout,
     * reads `deps.database.db`.
     */
    readCatalogue<T>(read: (db: Database) => Promise<T>): Promise<T>;
  }
}

export type App = FastifyInstance;

/** Builds the whole application; the server and every test use this same factory. */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { env } = deps;
  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL, deps.logStream),
    logController: new OneLinePerRequest(),
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      querystringParser: parseQueryString,
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  const realClock = deps.clock ?? (() => new Date());
  // Only the browser journeys' server may move its clock (env.ts refuses the flag elsewhere).
  const testClock =
    env.NODE_ENV === 'test' && env.TEST_CLOCK ? createTestClock(realClock) : undefined;
  app.decorate('clock', testClock?.now ?? realClock);
  registerErrorHandler(app);
  registerDraining(app);
  registerJsonBodyParser(app);
  await registerSecurity(app, env);
  await registerOpenApi(app);
  const invalidations = databaseCacheInvalidations(deps.database);
  registerResponseCache(app, {
    ttlSeconds: env.RESPONSE_CACHE_SECONDS,
    invalidations,
    log: app.log,
  });
  registerCatalogueReads(app, invalidations);
  await registerCompression(app);
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
    mailsForgotten: (mailIds) =>
      mailWorker
        .discard(mailIds)
        .catch((err: unknown) =>
          app.log.error({ err }, 'removing mails of a deleted account failed'),
        ),
    eraseCustomerData: async (tx, customer) => {
      const { orderIds, erase } = await forgetCustomer(tx, customer.id, customer.person);
      await eraseFromAuditEntries(tx, [customer.id, ...orderIds], erase);
      await eraseFromStockNotes(tx, orderIds, erase);
      return forgetMailsAbout(tx, await forgetEnquiriesFrom(tx, customer.email));
    },
  });
  const paymentProvider = createPaymentProvider({ db, env });
  app.decorate('paymentProvider', paymentProvider);

  await app.register(healthRoutes, { db });
  const searchIndex = new SearchIndex(deps.database, app.log);
  await app.register(catalogRoutes, { prefix: '/api', searchIndex });
  await app.register(categoriesAdminRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(inventoryRoutes, { prefix: '/api' });
  await app.register(productsAdminRoutes, { prefix: '/api' });
  await app.register(bestSellersAdminRoutes, { prefix: '/api' });
  await app.register(productsCsvRoutes, { prefix: '/api' });
  await app.register(priceSalesRoutes, { prefix: '/api' });
  await app.register(settingsRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(contentAdminRoutes, { prefix: '/api' });
  await app.register(staticPagesRoutes, { prefix: '/api' });
  await app.register(staticPagesAdminRoutes, { prefix: '/api' });
  await app.register(currencyRoutes, { prefix: '/api' });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(promotionsRoutes, { prefix: '/api' });
  await app.register(promotionsAdminRoutes, { prefix: '/api' });
  await app.register(shippingRoutes, { prefix: '/api' });
  await app.register(shippingAdminRoutes, { prefix: '/api' });
  await app.register(reviewsRoutes, { prefix: '/api' });
  await app.register(reviewsAdminRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api', accounts });
  await app.register(socialRoutes, { accounts });
  await app.register(customersAdminRoutes, { prefix: '/api', accounts });
  await app.register(staffRoutes, {
    prefix: '/api',
    staff: new StaffService({
      db,
      sessions: accounts,
      publicUrl: env.PUBLIC_URL,
      mailQueued: () => mailWorker.wake(),
    }),
    team: new StaffTeam({ db, publicUrl: env.PUBLIC_URL, mailQueued: () => mailWorker.wake() }),
  });
  await app.register(paymentsRoutes, { provider: paymentProvider });
  await app.register(ordersRoutes, {
    prefix: '/api',
    checkout: {
      db,
      provider: paymentProvider,
      publicUrl: env.PUBLIC_URL,
      mailQueued: () => mailWorker.wake(),
      // A crash at the worst moment, for the test that proves the sweep recovers from it.
      afterOrderStored: env.TEST_CRASH_AFTER_ORDER_STORED
        ? () => process.kill(process.pid, 'SIGKILL')
        : undefined,
    },
  });
  await app.register(accountingRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(ordersAdminRoutes, {
    prefix: '/api',
    publicUrl: env.PUBLIC_URL,
    mailQueued: () => mailWorker.wake(),
  });
  const money = {
    db,
    provider: paymentProvider,
    publicUrl: env.PUBLIC_URL,
    mailQueued: () => mailWorker.wake(),
  };
  await app.register(orderMoneyRoutes, { prefix: '/api', money });
  // Local disk, or object storage shared by every process (issue 16).
  const fileStorage = await createFileStorage(env);
  await app.register(uploadsRoutes, { prefix: '/api', storage: fileStorage });
  await app.register(enquiriesRoutes, { prefix: '/api', mailQueued: () => mailWorker.wake() });
  await app.register(cleaningAdminRoutes, { prefix: '/api' });
  await app.register(enquiriesAdminRoutes, {
    prefix: '/api',
    mailQueued: () => mailWorker.wake(),
  });
  if (env.devMailbox) await app.register(devMailboxRoutes);
  await app.register(seoRoutes, {
    publicUrl: env.PUBLIC_URL,
    partSize: deps.sitemapPartSize ?? SITEMAP_PART_SIZE,
  });

  await registerBackOffice(app, { adminDistDir: env.ADMIN_DIST_DIR });
  await registerStorefront(app, {
    webDistDir: env.WEB_DIST_DIR,
    uploads: fileStorage,
    testPayments: env.PAYMENT_PROVIDER === 'test',
    catalogueSlugs: {
      category: (slug) => categorySlugExists(db, slug),
      product: (slug) => productSlugExists(db, slug),
      redirect: (kind, slug) => slugRedirect(db, kind, slug),
    },
    shopDetails: () => getSetting(db, 'shopDetails'),
    publicUrl: env.PUBLIC_URL,
  });

  // Charges and refunds left unsettled by a crash or a failing provider: at start, then every
  // few minutes.
  const paymentSweeper = createPeriodicJob({
    name: 'payment sweep',
    intervalMinutes: env.PAYMENT_SWEEP_MINUTES,
    log: app.log,
    // One process at a time per job (docs/decisions.md, "Background jobs across processes").
    alone: deps.database,
    run: async () => {
      await settleDuePayments({ db, provider: paymentProvider, log: app.log });
      await resumePendingRefunds({ ...money, log: app.log });
    },
  });
  // Sales start and end on the minute; a price they change is shown at once, not after the cache.
  const sweepSales = async () => {
    const swept = await runDueSales(db, app.clock());
    if (swept.started + swept.ended > 0) app.responseCache.clear();
  };
  const salesSweeper = createPeriodicJob({
    name: 'sales sweep',
    intervalMinutes: 1,
    log: app.log,
    alone: deps.database,
    run: sweepSales,
  });
  if (testClock)
    await app.register(testClockRoutes, {
      prefix: '/api',
      clock: testClock,
      afterMove: sweepSales,
    });
  // Guests pile up (one per visitor who starts a session): those nothing needs go after a day.
  const guestSweeper = createPeriodicJob({
    name: 'removing idle guests',
    intervalMinutes: 60,
    log: app.log,
    alone: deps.database,
    run: async () => {
      const cutoff = new Date(Date.now() - GUEST_LIFETIME_MS);
      const removed = await removeIdleGuests(db, cutoff, customerOrders);
      if (removed > 0) app.log.info({ removed }, 'idle guests removed');
    },
  });
  // Spent and expired tokens (sessions, mailed links, staff invitations) would pile up too.
  const tokenSweeper = createPeriodicJob({
    name: 'removing expired tokens',
    intervalMinutes: 60,
    log: app.log,
    alone: deps.database,
    run: async () => {
      const removed = {
        ...(await removeExpiredAccountTokens(db)),
        ...(await removeExpiredStaffTokens(db)),
      };
      if (Object.values(removed).some((count) => count > 0))
        app.log.info(removed, 'expired tokens removed');
    },
  });
  // A deleted customer's name and address stay on their sales only while the law asks.
  const buyerSweeper = createPeriodicJob({
    name: 'forgetting buyers past their bookkeeping years',
    intervalMinutes: 24 * 60,
    log: app.log,
    alone: deps.database,
    run: async () => {
      const cleared = await forgetExpiredBuyers(db, app.clock());
      if (cleared > 0) app.log.info({ cleared }, 'kept buyers forgotten');
    },
  });
  app.addHook('onReady', async () => {
    await searchIndex.start();
    mailWorker.start();
    paymentSweeper.start();
    salesSweeper.start();
    guestSweeper.start();
    tokenSweeper.start();
    buyerSweeper.start();
  });
  // The worker and the sweep stop before the database closes, so a send or charge in flight can
  // record its result.
  app.addHook('onClose', async () => {
    await Promise.all([
      mailWorker.stop(),
      paymentSweeper.stop(),
      salesSweeper.stop(),
      guestSweeper.stop(),
      tokenSweeper.stop(),
      buyerSweeper.stop(),
      searchIndex.stop(),
    ]);
    await deps.database.close();
  });
  return app;
}

/**
 * `app.readCatalogue()`: with a read replica, routed by ReadRouting, which hears of each change
 * through the same notifications that clear the response cache (registered after the cache, so
 * on each one the cache is cleared first and then the reads move to the primary, in one go).
 */
function registerCatalogueReads(app: App, invalidations: CacheInvalidations): void {
  const { db, replica } = app.deps.database;
  if (!replica) {
    app.decorate('readCatalogue', <T>(read: (db: Database) => Promise<T>) => read(db));
    return;
  }
  const routing = new ReadRouting(db, replica, app.log);
  app.decorate('readCatalogue', <T>(read: (db: Database) => Promise<T>) => routing.read(read));
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await invalidations.subscribe(() => routing.changed());
  });
  app.addHook('preClose', async () => stopListening?.());
}
