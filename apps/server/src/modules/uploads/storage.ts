import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Env } from '../../config/env.js';

/** How long a browser or CDN may keep an uploaded image, the same from every store. */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=604800';

/** A stored file being read. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  /** Bytes, when the store says. */
  length?: number;
  etag?: string;
  lastModified?: Date;
}

/**
 * Where uploaded files live. The service only knows keys (`reviews/<uuid>.webp`) and the path a
 * key is stored under, so another store (an object store behind a CDN) can replace the local
 * disk without touching the upload flow. `createFileStorage` picks the one of the
 * configuration; everything that writes images (uploads, the demo seed, the cleaning page's
 * photos) goes through it, so with object storage nothing lands on one machine's disk.
 */
export interface FileStorage {
  /**
   * Stores `data` under `key` and answers its image path: relative to the uploads location
   * (`/reviews/<uuid>.webp`), as every image field holds it (API contract).
   */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Removes the file of `key`; a key that does not exist is not an error. */
  remove(key: string): Promise<void>;
  /** The file of `key`; undefined when there is none, or when `key` is not a valid key. */
  get(key: string): Promise<StoredFile | undefined>;
  /** The names of the files directly in `folder` (`products`): what the seed need not draw. */
  list(folder: string): Promise<Set<string>>;
  /**
   * Where browsers fetch `key` from the store itself (a public bucket or its CDN), when they
   * do; /uploads/<key> then redirects there instead of streaming the file through the server.
   */
  publicUrlOf?(key: string): string | undefined;
}

/** Keys are made by the server; this keeps a wrong one from ever leaving the uploads folder. */
const keyPattern = /^[\w-]+(?:\/[\w-]+)*\.[a-z0-9]+$/;
const folderPattern = /^[\w-]+(?:\/[\w-]+)*$/;

/**
 * Whether `key` is one the server could have made (`products/x-w640.webp`). Its keys are short;
 * a long one would only reach a store's or a file system's name limits (an error, not a 404).
 */
export const isStorageKey = (key: string): boolean => key.length <= 255 && keyPattern.test(key);

export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key "${key}"`);
  return key;
}

export function checkFolder(folder: string): string {
  if (!folderPattern.test(folder)) throw new Error(`Invalid storage folder "${folder}"`);
  return folder;
}

/** The type a stored file is served with, from its extension (the server only writes these). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const types: Record<string, string> = {
    webp: 'image/webp',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    avif: 'image/avif',
  };
  return types[extension] ?? 'application/octet-stream';
}

/** The whole of a stored file; for the seed, which makes sizes of a stored picture. */
export async function readStoredFile(file: StoredFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const isMissingFile = (error: unknown) =>
  ['ENOENT', 'EISDIR', 'ENOTDIR'].includes((error as { code?: string } | null)?.code ?? '');

/** Files under DATA_DIR/uploads, served by the app at /uploads/<key>; the path is `/<key>`. */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly uploadsDir: string) {}

  private file(key: string): string {
    return path.join(this.uploadsDir, ...checkKey(key).split('/'));
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

  async get(key: string): Promise<StoredFile | undefined> {
    if (!isStorageKey(key)) return undefined;
    const file = this.file(key);
    try {
      const handle = await fs.open(file);
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return undefined;
      }
      return {
        body: createReadStream(file, { fd: handle }),
        contentType: contentTypeOf(key),
        length: stat.size,
        lastModified: stat.mtime,
      };
    } catch (error) {
      if (isMissingFile(error)) return undefined;
      throw error;
    }
  }

  async list(folder: string): Promise<Set<string>> {
    const entries = await fs
      .readdir(path.join(this.uploadsDir, ...checkFolder(folder).split('/')), {
        withFileTypes: true,
      })
      .catch((error: unknown) => {
        if (isMissingFile(error)) return [];
        throw error;
      });
    // Half-written files of a put in progress are not files yet.
    return new Set(
      entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
        .map((entry) => entry.name),
    );
  }
}

/**
 * The store of the configuration: S3-compatible object storage when S3_BUCKET is set (its SDK
 * loaded only then), else DATA_DIR/uploads.
 */
export async function createFileStorage(env: Pick<Env, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (!env.s3) return new LocalDiskStorage(path.join(env.dataDir, 'uploads'));
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage(env.s3);
}
