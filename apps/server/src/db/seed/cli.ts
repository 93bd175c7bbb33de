import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { loadEnv } from '../../config/env.js';
import { seedExchangeRatesIfEmpty } from '../../modules/currency/index.js';
import { seedDemoPromotionsIfEmpty } from '../../modules/promotions/index.js';
import { seedPostalCodesIfEmpty, seedShippingRatesIfEmpty } from '../../modules/shipping/index.js';
import { createFileStorage } from '../../modules/uploads/index.js';
import { openDatabase } from '../client.js';
import { ensureCleaningImages } from './cleaning-images.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { ensureImageSizes } from './images.js';
import { seedLargeCatalogue } from './large-catalogue.js';

const usage = `Usage: npm run seed [-- --products <count>]

Replaces the catalogue, carousel and campaigns with the demo catalogue, drawing any
missing pictures under DATA_DIR/uploads (or into S3_BUCKET) and the missing sizes of catalogue pictures, and
seeds shipping and exchange rates when there are none.

Options:
  --products <count>  also add <count> generated products (for example 50000) on top of
                      the demo catalogue; they reuse the demo pictures
  -h, --help          show this help

The database is PGlite in DATA_DIR/pglite, or PostgreSQL when DATABASE_URL is set.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

function parseCommandLine(): { products: number } | undefined {
  let values: { products?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        products: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) return undefined;
  if (values.products === undefined) return { products: 0 };
  if (!/^\d+$/.test(values.products) || Number(values.products) > 2_000_000) {
    fail(`--products must be a whole number from 0 to 2000000, got "${values.products}"`);
  }
  return { products: Number(values.products) };
}

const command = parseCommandLine();
if (!command) {
  console.log(usage);
  process.exit(0);
}

const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dataDir: `${env.dataDir}/pglite` },
);
try {
  await database.migrate();
  const demo = await seedDemoCatalogue(database.db, env, { reset: true });
  console.log(
    `demo catalogue: ${demo.categories} categories, ${demo.products} products, ${demo.items} items; ` +
      `images ${demo.images.rendered} drawn, ${demo.images.skipped} kept, ${demo.images.resized} given their sizes (${demo.images.milliseconds} ms)`,
  );
  const uploads = await createFileStorage(env);
  const uploaded = await ensureImageSizes(uploads);
  if (uploaded.resized > 0) console.log(`other pictures given their sizes: ${uploaded.resized}`);
  if (uploaded.unreadable > 0)
    console.log(`files among the catalogue pictures that are not pictures: ${uploaded.unreadable}`);
  const cleaning = await ensureCleaningImages(uploads);
  console.log(
    `cleaning gallery: ${cleaning.rendered} drawn, ${cleaning.skipped} kept (${cleaning.milliseconds} ms)`,
  );
  if (command.products > 0) {
    const large = await seedLargeCatalogue(database.db, command.products, {
      onProgress: (inserted, total) =>
        process.stdout.write(`\r  large catalogue: ${inserted} / ${total}`),
    });
    process.stdout.write('\n');
    console.log(
      `large catalogue: ${large.products} products, ${large.items} items in ${(large.milliseconds / 1000).toFixed(1)} s`,
    );
  }
  const zones = await seedShippingRatesIfEmpty(database.db);
  if (zones > 0) console.log(`shipping: ${zones} zones seeded`);
  const postalCodes = await seedPostalCodesIfEmpty(database.db);
  if (postalCodes > 0) console.log(`postal codes: ${postalCodes} seeded from the bundled register`);
  const rates = await seedExchangeRatesIfEmpty(database.db);
  if (rates > 0) console.log(`exchange rates: ${rates} seeded`);
  const coupons = await seedDemoPromotionsIfEmpty(database.db);
  if (coupons > 0) console.log(`promotions: ${coupons} demo coupon seeded`);
  // Fresh planner statistics: after a bulk load the planner would otherwise misjudge every
  // category and search query until autovacuum comes round.
  await database.db.execute(sql`analyze`);
} finally {
  await database.close();
}
