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
import {
  accountsModule,
  AccountsService,
  GUEST_LIFETIME_MS,
  loadSigningKey,
  registerAuthentication,
  removeExpiredAccountTokens,
  removeIdleGuests,
  SessionTokens,
  staffAccount,
} from './modules/accounts/index.js';
import { auditModule, eraseFromAuditEntries } from './modules/audit/index.js';
import { cartModule } from './modules/cart/index.js';
import {
  catalogModule,
  categorySlugExists,
  eraseFromStockNotes,
  productSlugExists,
  runDueSales,
  SearchIndex,
  slugRedirect,
} from './modules/catalog/index.js';
import { contentModule } from './modules/content/index.js';
import { currencyModule } from './modules/currency/index.js';
import { customersModule } from './modules/customers/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { enquiriesModule, forgetEnquiriesFrom } from './modules/enquiries/index.js';
import { feedsModule } from './modules/feeds/index.js';
import { createMailWorker, forgetMailsAbout, mailModule } from './modules/mail/index.js';
import {
  countCouponUses,
  couponOrders,
  customerOrders,
  forgetCustomer,
  forgetExpiredBuyers,
  ordersModule,
  productSales,
  resumePendingRefunds,
  runLowStockRound,
  settleDuePayments,
} from './modules/orders/index.js';
import {
  checkoutPaymentMethods,
  createPaymentProvider,
  createVippsSetup,
  fetchThroughApp,
  type VippsSetup,
  type PaymentProvider,
  paymentsModule,
} from './modules/payments/index.js';
import { promotionsModule } from './modules/promotions/index.js';
import { reviewsModule } from './modules/reviews/index.js';
import { seoModule, SITEMAP_PART_SIZE } from './modules/seo/index.js';
import { publicShopDetails, settingsModule } from './modules/settings/index.js';
import { shippingModule, shipsToCountries } from './modules/shipping/index.js';
import { removeExpiredStaffTokens, staffModule } from './modules/staff/index.js';
import { createFileStorage, multipartLimits, uploadsModule } from './modules/uploads/index.js';
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
import { registerRequestLocale } from './plugins/request-locale.js';
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
    /** Vipps MobilePay, when the shop has it: its provider, and the stand-in in a demo shop. */
    vipps: VippsSetup | undefined;
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
      // A preview link's token (issue 34.4), a signed JWT of about 300 characters, is a path
      // parameter; the router's default of 100 would send it to the storefront's not-found.
      maxParamLength: 500,
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
  registerRequestLocale(app);
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
  const signingKey = await loadSigningKey(env);
  const sessionTokens = new SessionTokens(db, signingKey);
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
  // Vipps MobilePay beside the card; the demo's stand-in is reached through the shop itself.
  const vipps = createVippsSetup(
    env,
    fetchThroughApp((request) => app.inject(request)),
  );
  app.decorate('vipps', vipps);

  await app.register(healthRoutes, { db });
  const searchIndex = new SearchIndex(deps.database, app.log);
  const mailQueued = () => mailWorker.wake();
  const { PUBLIC_URL: publicUrl } = env;
  const money = { db, provider: paymentProvider, vipps: vipps?.provider, publicUrl, mailQueued };
  // Local disk, or object storage shared by every process (issue 16).
  const fileStorage = await createFileStorage(env);
  // The modules, each with its routes; what one asks of a module above it is handed in here.
  await app.register(catalogModule, {
    searchIndex,
    sales: productSales,
    previews: {
      key: signingKey,
      isStaff: async (userId) => (await staffAccount(db, userId)) !== undefined,
    },
  });
  await app.register(auditModule);
  await app.register(settingsModule);
  await app.register(contentModule);
  await app.register(currencyModule, { shipsToCountries });
  await app.register(cartModule, { countCouponUses });
  await app.register(promotionsModule, { countCouponUses, couponOrders });
  await app.register(shippingModule);
  await app.register(reviewsModule);
  await app.register(accountsModule, { accounts });
  await app.register(customersModule, { accounts });
  await app.register(staffModule, { db, sessions: accounts, publicUrl, mailQueued });
  await app.register(paymentsModule, { provider: paymentProvider, vipps });
  await app.register(ordersModule, {
    checkout: {
      ...money,
      // A crash at the worst moment, for the test that proves the sweep recovers from it.
      afterOrderStored: env.TEST_CRASH_AFTER_ORDER_STORED
        ? () => process.kill(process.pid, 'SIGKILL')
        : undefined,
    },
    money,
  });
  await app.register(dashboardModule);
  await app.register(uploadsModule, { storage: fileStorage });
  await app.register(enquiriesModule, { mailQueued });
  await app.register(mailModule, { devMailbox: env.devMailbox });
  await app.register(seoModule, {
    publicUrl,
    partSize: deps.sitemapPartSize ?? SITEMAP_PART_SIZE,
  });
  await app.register(feedsModule, { publicUrl });

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
    shopDetails: async (locale) => ({
      ...(await publicShopDetails(db, locale)),
      checkoutPaymentMethods: checkoutPaymentMethods(vipps),
    }),
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
      await settleDuePayments({ ...money, log: app.log });
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
  // The morning's list of items running low, to the shop, once a day in Norway (issue 34.2).
  const lowStockRound = async () => {
    const round = await runLowStockRound(db, publicUrl, app.clock());
    if (round.done === 'sent') mailQueued();
  };
  const lowStockMailer = createPeriodicJob({
    name: 'low-stock mail',
    intervalMinutes: env.LOW_STOCK_MAIL_MINUTES,
    log: app.log,
    alone: deps.database,
    run: lowStockRound,
  });
  if (testClock)
    await app.register(testClockRoutes, {
      prefix: '/api',
      clock: testClock,
      afterMove: async () => {
        await sweepSales();
        if (env.LOW_STOCK_MAIL_MINUTES > 0) await lowStockRound();
      },
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
    lowStockMailer.start();
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
      lowStockMailer.stop(),
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
