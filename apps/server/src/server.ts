import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadEnvOrExit } from './config/env.js';
import { openDatabase } from './db/client.js';
import { installCleaningPhotos } from './modules/enquiries/index.js';
import { createFileStorage } from './modules/uploads/index.js';
import { seedPostalCodesIfEmpty, seedShippingRatesIfEmpty } from './modules/shipping/index.js';
import { runtimeFiles } from './runtime-files.js';

/**
 * The shop's server, run compiled (`node apps/server/dist/server.js`) in production. It only
 * migrates and serves: the demo catalogue and its pictures come from `npm run seed` or the
 * demo's first start (db/seed/first-start.ts), never from here.
 */
const env = loadEnvOrExit();
const database = await openDatabase(
  env.DATABASE_URL
    ? {
        kind: 'postgres',
        url: env.DATABASE_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        readUrl: env.DATABASE_READ_URL,
      }
    : { kind: 'pglite', dataDir: `${env.dataDir}/pglite` },
);
await database.migrate();
await seedShippingRatesIfEmpty(database.db);
await seedPostalCodesIfEmpty(database.db);
const photos = await installCleaningPhotos(
  runtimeFiles.cleaningPhotos,
  await createFileStorage(env),
);

const app = await buildApp({ env, database });

const drainMs = env.shutdownDrainSeconds * 1000;
closeWithGrace({ delay: drainMs + 15_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal, drainSeconds: env.shutdownDrainSeconds }, 'shutting down');
  // SIGTERM is how an orchestrator or a rolling restart stops a process behind a load balancer.
  if (signal === 'SIGTERM' && drainMs > 0) {
    app.draining.start();
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  await app.close();
});

if (photos.missing.length > 0)
  app.log.warn(
    { missing: photos.missing },
    'The cleaning page has no photos: run `npm run build` (it draws them) or `npm run seed`',
  );
await app.listen({ host: env.HOST, port: env.PORT });
if (env.PAYMENT_PROVIDER === 'test' && env.NODE_ENV === 'production')
  app.log.warn(
    'Payments are in test mode: the checkout takes test cards and no money. Set PAYMENT_PROVIDER=nets to sell.',
  );
