import fs from 'node:fs/promises';
import path from 'node:path';
import { patiently, waitFor } from './wait-for.js';

/** A mail the file transport (no SMTP_URL) wrote: its file name in the mail folder and its text. */
export interface MailFile {
  name: string;
  /** The whole message as written (headers, then its MIME parts). */
  text: string;
}

/**
 * The mails written into a mail folder (`mailDir(dataDir)`) whose file name passes `named`,
 * oldest first; none while the folder is not there yet. Only finished `.eml` files are in it
 * (the worker writes elsewhere and moves each in whole), and none is renamed after, so each
 * listed one can be read.
 */
export async function mailFiles(
  folder: string,
  named: (name: string) => boolean = () => true,
): Promise<MailFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const wanted = names.filter((name) => name.endsWith('.eml') && named(name)).sort();
  return Promise.all(
    wanted.map(async (name) => ({
      name,
      text: await fs.readFile(path.join(folder, name), 'latin1'),
    })),
  );
}

/**
 * Waits until the mail folder holds `count` mails (1 by default) that pass `named` and
 * `matches`, and answers them: a worker sends on its own time, which a busy machine stretches.
 */
export async function waitForMailFiles(
  folder: string,
  what: string,
  {
    named,
    matches = () => true,
    count = 1,
  }: { named?: (name: string) => boolean; matches?: (mail: MailFile) => boolean; count?: number },
): Promise<MailFile[]> {
  return waitFor(
    what,
    async () => {
      const found = (await mailFiles(folder, named)).filter(matches);
      return found.length >= count && found;
    },
    patiently,
  );
}
