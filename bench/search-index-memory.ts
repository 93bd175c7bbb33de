// How much memory the in-process search index (apps/server/src/modules/catalog/search-index.ts)
// holds: it is read whole from the database at DATABASE_URL, as a server does after start, and
// the process's memory is compared before and after, each time after full garbage collections,
// so only what the index keeps is counted. Typed arrays live outside the JavaScript heap, so the
// figure is heap used plus external memory; RSS is shown beside it. Results go to
// bench/results/search-index-memory.{json,md}.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_100k \
//     node --expose-gc --import tsx bench/search-index-memory.ts
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../apps/server/src/db/client.js';
import { SearchIndex } from '../apps/server/src/modules/catalog/search-index.js';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');
const databaseUrl = process.env.DATABASE_URL;
const collect = (globalThis as { gc?: () => void }).gc;

interface Memory {
  heapUsed: number;
  external: number;
  rss: number;
}

const megabytes = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** The memory in use once everything unreachable is collected. */
async function settledMemory(): Promise<Memory> {
  for (let round = 0; round < 4; round++) {
    collect?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heapUsed, external, rss };
}

/** A logger that keeps the index's own log lines for the report and prints them. */
function logger(lines: Record<string, unknown>[]): FastifyBaseLogger {
  const keep = (object: unknown, message?: string) => {
    const line = { ...(object as Record<string, unknown>), msg: message };
    lines.push(line);
    console.log(JSON.stringify(line));
  };
  const log = { info: keep, warn: keep, error: keep, debug: () => {}, trace: () => {} };
  return { ...log, fatal: keep, level: 'info', silent: () => {}, child: () => log } as never;
}

async function main(): Promise<void> {
  if (!databaseUrl) throw new Error('DATABASE_URL names the database to read the index from');
  if (!collect) throw new Error('run with node --expose-gc');
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const lines: Record<string, unknown>[] = [];
  try {
    const [counted] = (await database.db.execute(
      sql`select count(*)::int as products from products`,
    )) as unknown as { products: number }[];
    const products = counted?.products ?? 0;
    const before = await settledMemory();
    const started = performance.now();
    const index = new SearchIndex(database, logger(lines));
    await index.start();
    while (!index.current) await new Promise((resolve) => setTimeout(resolve, 20));
    const readMs = Math.round(performance.now() - started);
    const after = await settledMemory();
    // Still reachable here, so the collections above could not take it.
    await index.stop();

    const held = after.heapUsed + after.external - (before.heapUsed + before.external);
    const figures = {
      date: new Date().toISOString(),
      node: process.version,
      products,
      readMs,
      heldMegabytes: megabytes(held),
      heapUsedMegabytes: megabytes(after.heapUsed - before.heapUsed),
      externalMegabytes: megabytes(after.external - before.external),
      rssMegabytes: megabytes(after.rss - before.rss),
      heldMegabytesPer100k: megabytes((held * 100_000) / Math.max(products, 1)),
    };
    console.log(figures);
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      path.join(resultsDir, 'search-index-memory.json'),
      `${JSON.stringify(figures, null, 2)}\n`,
    );
    fs.writeFileSync(
      path.join(resultsDir, 'search-index-memory.md'),
      [
        `# Search index memory ${figures.date}`,
        '',
        `${process.platform} ${process.arch}, node ${figures.node}; ${products} products; ` +
          'memory after full garbage collections, before and after the index is read whole.',
        '',
        '| figure | MB |',
        '|---|---|',
        `| held by the index (heap used + external) | ${figures.heldMegabytes} |`,
        `| of which JavaScript heap | ${figures.heapUsedMegabytes} |`,
        `| of which external (typed arrays) | ${figures.externalMegabytes} |`,
        `| resident set size grew by | ${figures.rssMegabytes} |`,
        `| held per 100,000 products | ${figures.heldMegabytesPer100k} |`,
        '',
        `Read in ${readMs} ms.`,
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

await main();
