import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadEnv } from './config/env.js';
import { openDatabase } from './db/client.js';
import { ensureCleaningImages } from './db/seed/cleaning-images.js';
import { seedDemoCatalogueIfEmpty } from './db/seed/demo-catalogue.js';
import { seedShippingRatesIfEmpty } from './modules/shipping/shipping-rates-seed.js';

const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dataDir: `${env.dataDir}/pglite` },
);
await database.migrate();
if (env.SEED_ON_START) await seedDemoCatalogueIfEmpty(database.db, env);
// The cleaning page's photos are part of the page, not of the demo data: always present.
await ensureCleaningImages(env.dataDir);
await seedShippingRatesIfEmpty(database.db);

const app = await buildApp({ env, database });

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ host: env.HOST, port: env.PORT });
if (env.PAYMENT_PROVIDER === 'test' && env.NODE_ENV === 'production')
  app.log.warn(
    'Payments are in test mode: the checkout takes test cards and no money. Set PAYMENT_PROVIDER=nets to sell.',
  );
