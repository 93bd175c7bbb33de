import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The service only knows keys (`reviews/<uuid>.webp`) and the path a
 * key is stored under, so another store (an object store behind a CDN) can replace the local
 * disk without touching the upload flow.
 */
export interface FileStorage {
  /**
   * Stores `data` under `key` and answers its image path: relative to the uploads location
   * (`/reviews/<uuid>.webp`), as every image field holds it (API contract).
   */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Removes the file of `key`; a key that does not exist is not an error. */
  remove(key: string): Promise<void>;
}

/** Keys are made by the server; this keeps a wrong one from ever leaving the uploads folder. */
const keyPattern = /^[\w-]+(?:\/[\w-]+)*\.[a-z0-9]+$/;

/** Files under DATA_DIR/uploads, served by the app at /uploads/<key>; the path is `/<key>`. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly uploadsDir: string) {}

  private file(key: string): string {
    if (!keyPattern.test(key)) throw new Error(`Invalid storage key "${key}"`);
    return path.join(this.uploadsDir, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<string> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside the target and renamed, so a reader never sees half a file.
    const partial = `${file}.${randomUUID()}.part`;
    try {
      await fs.writeFile(partial, data, { flag: 'wx' });
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
    return `/${key}`;
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
}
