import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Config } from '../../config/env.js';
import {
  checkFolder,
  checkKey,
  contentTypeOf,
  type FileStorage,
  isStorageKey,
  type StoredFile,
  UPLOADS_CACHE_CONTROL,
} from './storage.js';

type Sdk = typeof S3;

/**
 * Uploads in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …), shared by every
 * server process: the key is the object's key in the bucket and the image path is `/<key>`, as
 * on local disk, so stored paths and `/uploads/<key>` stay the same either way.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3.S3Client;

  /** `listPageSize`: keys per listing call, the store's own (1000) unless a test sets fewer. */
  constructor(
    private readonly config: S3Config,
    private readonly sdk: Sdk,
    private readonly options: { listPageSize?: number } = {},
  ) {
    this.client = new sdk.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: {
        accessKeyId: config.accessKeyId,
        secretAccessKey: config.secretAccessKey,
      },
      // Checksums only where S3 requires them: the SDK's newer default sends headers that many
      // S3-compatible stores refuse, and the bodies are small buffers the store checks by MD5/ETag.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: checkKey(key),
        Body: data,
        ContentType: contentType,
        // What a CDN or browser in front of a public bucket keeps it for, as from local disk.
        CacheControl: UPLOADS_CACHE_CONTROL,
      }),
    );
    return `/${key}`;
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }),
    );
  }

  async get(key: string): Promise<StoredFile | undefined> {
    if (!isStorageKey(key)) return undefined;
    try {
      const object = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered no readable body');
      return {
        body: object.Body,
        contentType: object.ContentType ?? contentTypeOf(key),
        length: object.ContentLength,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      if (error instanceof this.sdk.NoSuchKey || httpStatus(error) === 404) return undefined;
      throw error;
    }
  }

  async list(folder: string): Promise<Set<string>> {
    const prefix = `${checkFolder(folder)}/`;
    const names = new Set<string>();
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: prefix,
          // Only the folder's own files, as a directory listing; deeper keys come as prefixes.
          Delimiter: '/',
          MaxKeys: this.options.listPageSize,
          ContinuationToken,
        }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key && object.Key.length > prefix.length)
          names.add(object.Key.slice(prefix.length));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return names;
  }

  publicUrlOf(key: string): string | undefined {
    return this.config.publicUrl && isStorageKey(key)
      ? `${this.config.publicUrl}/${key}`
      : undefined;
  }
}

const httpStatus = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/**
 * The store of `config`. The SDK is imported here, on first use, so a shop on local disk never
 * loads it (some 100 ms and 20 MB at start).
 */
export async function createS3Storage(
  config: S3Config,
  options: { listPageSize?: number } = {},
): Promise<S3Storage> {
  return new S3Storage(config, await import('@aws-sdk/client-s3'), options);
}
