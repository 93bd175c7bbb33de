import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from './client.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-lock-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

const lockFile = () => path.join(dataDir, 'pglite.lock');

it('refuses a PGlite data folder that another running process holds', async () => {
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    await fs.writeFile(lockFile(), String(other.pid));
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
      `is in use by process ${other.pid}`,
    );
    expect(await fs.readFile(lockFile(), 'utf8')).toBe(String(other.pid));
  } finally {
    other.kill();
  }
});

it('takes over the lock of a process that is gone, and releases it on close', async () => {
  const gone = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => gone.on('exit', resolve));
  await fs.writeFile(lockFile(), String(gone.pid));
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  expect(await fs.readFile(lockFile(), 'utf8')).toBe(String(process.pid));
  await handle.close();
  await expect(fs.access(lockFile())).rejects.toThrow();
});
