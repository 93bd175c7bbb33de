// The demo's set-up before its server starts (`npm start`, `npm run dev`, the browser journeys):
// migrates, seeds the demo catalogue into an empty database and draws its pictures, saying what
// it does and how long each stage took. Only the demo runs it; the compiled server never seeds or
// draws.
import fs from 'node:fs';
import os from 'node:os';
import { loadEnvOrExit } from '../../config/env.js';
import { seedPostalCodesIfEmpty, seedShippingRatesIfEmpty } from '../../modules/shipping/index.js';
import { createFileStorage } from '../../modules/uploads/index.js';
import { openDatabase } from '../client.js';
import { ensureCleaningImages } from './cleaning-images.js';
import { seedDemoCatalogueIfEmpty } from './demo-catalogue.js';
import { type DrawProgress, ensureImageSizes } from './images.js';

const say = (line: string) => console.log(`[first start] ${line}`);

/**
 * The start-up bench names a file to collect each stage's seconds in, with the machine's load
 * average as the stage ends (a figure from a busy machine says so).
 */
const stagesFile = process.env.STARTUP_STAGES_FILE;

/** Seconds since `started` (a `performance.now()`), noted for the bench and said as "1.2 s". */
function took(stage: string, started: number): string {
  const seconds = (performance.now() - started) / 1000;
  const load = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
  if (stagesFile) fs.appendFileSync(stagesFile, `${JSON.stringify({ stage, seconds, load })}\n`);
  return `${seconds.toFixed(1)} s`;
}

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
// From the process's start: loading the sources under tsx, and creating an embedded database.
const opened = took('open the database', 0);
try {
  say(
    `Migrating the database (${env.DATABASE_URL ? 'PostgreSQL' : `embedded, in ${env.dataDir}`}, opened in ${opened})…`,
  );
  let started = performance.now();
  await database.migrate();
  say(`Migrated (${took('migrations', started)}).`);
  if (env.SEED_ON_START) {
    started = performance.now();
    const progress = drawing('demo catalogue pictures');
    let drew = false;
    const report = await seedDemoCatalogueIfEmpty(database.db, env, {
      onDrawn: (drawn, missing) => {
        drew = true;
        progress(drawn, missing);
      },
      onInserting: ({ categories, products }) => {
        if (drew) say(`Pictures drawn (${took('catalogue pictures', started)}).`);
        started = performance.now();
        say(`Seeding the demo catalogue: ${products} products in ${categories} categories…`);
      },
    });
    if (report)
      say(
        `Demo catalogue ready: ${report.products} products, ${report.items} items (${took('seed', started)}).`,
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
  started = performance.now();
  const cleaning = await ensureCleaningImages(uploads, drawing('cleaning page photos'));
  if (cleaning.rendered > 0) say(`Photos drawn (${took('cleaning photos', started)}).`);
  started = performance.now();
  await seedShippingRatesIfEmpty(database.db);
  const postalCodes = await seedPostalCodesIfEmpty(database.db);
  if (postalCodes > 0)
    say(
      `Loaded ${postalCodes} Norwegian postal codes from the bundled register (${took('postal codes', started)}).`,
    );
} finally {
  await database.close();
}
