// The demo's set-up before its server starts (`npm start`, `npm run dev`, the browser journeys):
// migrates, seeds the demo catalogue into an empty database and draws its pictures, saying what
// it does. Only the demo runs it; the compiled server never seeds or draws.
import { loadEnvOrExit } from '../../config/env.js';
import { seedPostalCodesIfEmpty, seedShippingRatesIfEmpty } from '../../modules/shipping/index.js';
import { createFileStorage } from '../../modules/uploads/index.js';
import { openDatabase } from '../client.js';
import { ensureCleaningImages } from './cleaning-images.js';
import { seedDemoCatalogueIfEmpty } from './demo-catalogue.js';
import { type DrawProgress, ensureImageSizes } from './images.js';

const say = (line: string) => console.log(`[first start] ${line}`);

/** Progress of a long drawing: a counter on a terminal, a line per quarter in a log. */
function drawing(what: string): DrawProgress {
  let reported = 0;
  return (drawn, missing) => {
    if (drawn === 0) {
      say(`Drawing ${missing} ${what} (only once, kept with the uploads)…`);
      return;
    }
    if (missing < 40) return;
    if (process.stdout.isTTY) {
      process.stdout.write(`\r[first start]   ${drawn} / ${missing}`);
      if (drawn === missing) process.stdout.write('\n');
      return;
    }
    const quarter = Math.floor((drawn / missing) * 4);
    if (quarter > reported) {
      reported = quarter;
      say(`  ${drawn} / ${missing}`);
    }
  };
}

const env = loadEnvOrExit();

const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
    : { kind: 'pglite', dataDir: `${env.dataDir}/pglite` },
);
try {
  say(
    `Migrating the database (${env.DATABASE_URL ? 'PostgreSQL' : `embedded, in ${env.dataDir}`})…`,
  );
  await database.migrate();
  if (env.SEED_ON_START) {
    const started = performance.now();
    const report = await seedDemoCatalogueIfEmpty(database.db, env, {
      onDrawn: drawing('demo catalogue pictures'),
      onInserting: ({ categories, products }) =>
        say(`Seeding the demo catalogue: ${products} products in ${categories} categories…`),
    });
    if (report)
      say(
        `Demo catalogue ready: ${report.products} products, ${report.items} items (${((performance.now() - started) / 1000).toFixed(1)} s).`,
      );
  }
  // A data folder from before catalogue pictures had sizes gets them (issue 12).
  const uploads = await createFileStorage(env);
  const sizes = await ensureImageSizes(uploads);
  if (sizes.resized > 0) say(`Wrote the smaller sizes of ${sizes.resized} catalogue pictures.`);
  if (sizes.unreadable > 0)
    say(
      `${sizes.unreadable} files among the catalogue pictures are not pictures; left as they are.`,
    );
  await ensureCleaningImages(uploads, drawing('cleaning page photos'));
  await seedShippingRatesIfEmpty(database.db);
  const postalCodes = await seedPostalCodesIfEmpty(database.db);
  if (postalCodes > 0)
    say(`Loaded ${postalCodes} Norwegian postal codes from the bundled register.`);
} finally {
  await database.close();
}
