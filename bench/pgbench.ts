// pgbench on the SQL the server runs for a call (bench/capture-sql.ts): one script per URL the
// app's run cycles through (a product, a category, a search), given to one pgbench run with equal
// weights, so each transaction is one of the same calls, picked at random.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { connections, loadAverage, type Measured } from './load.js';

const pgbench = process.env.BENCH_PGBENCH ?? '/usr/bin/pgbench';

/** Writes a call's scripts to files under `folder`; their paths for pgbenchRun. */
export function writeScripts(folder: string, name: string, scripts: readonly string[]): string[] {
  fs.mkdirSync(folder, { recursive: true });
  return scripts.map((script, index) => {
    const file = path.join(folder, `${name}-${index + 1}.sql`);
    fs.writeFileSync(file, script);
    return file;
  });
}

/** Transactions per second of one pgbench run over the scripts, 10 clients on 2 threads. */
export function pgbenchRun(url: string, files: readonly string[], seconds: number): Measured {
  const started = loadAverage();
  const result = spawnSync(
    pgbench,
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(seconds),
      ...files.flatMap((file) => ['-f', file]),
      url,
    ],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
  if (result.status !== 0 || !tps) throw new Error(`pgbench failed: ${result.stderr}`);
  return { value: Math.round(Number(tps)), loadAverage: started };
}
