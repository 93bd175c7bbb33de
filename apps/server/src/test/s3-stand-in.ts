import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';

// The SDK warns on Node 20 that its releases from 2027 on need Node 22 (README, Object storage);
// said once in the README, not in every test run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The object as the store holds it, read with a client of the test's own. */
export interface BucketObject {
  data: Buffer;
  contentType?: string;
  cacheControl?: string;
}

export interface S3StandIn {
  /** `http://127.0.0.1:<port>`: the store's S3 API, path-style. */
  endpoint: string;
  bucket: string;
  /** The variables that point a shop at this bucket (S3_BUCKET, S3_ENDPOINT, …). */
  env: Record<string, string>;
  /** Every key in the bucket under `prefix`. */
  keys(prefix?: string): Promise<string[]>;
  /** The object of `key`, or undefined. */
  object(key: string): Promise<BucketObject | undefined>;
  close(): Promise<void>;
}

/** s3rver in a process of its own; it prints its port once it listens. */
const standInProcess = `
const { default: S3rver } = await import('s3rver');
const [directory, bucket] = process.argv.slice(1);
const server = new S3rver({
  address: '127.0.0.1', port: 0, silent: true, directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(port + '\\n');
// Gone with the test process, even one that crashed: its end of stdin closes.
process.stdin.resume().on('end', () => process.exit(0));
`;

/**
 * A local S3-compatible store (s3rver: the S3 REST API over HTTP, objects in a temporary
 * folder) on a free port of the loopback address, with one empty bucket: a test file gets its
 * own, so the pglite and postgres projects never share one. It runs as a process of its own, as
 * a real store would, with OpenSSL's legacy provider: s3rver encrypts a listing's continuation
 * token with DES, which Node's OpenSSL 3 refuses otherwise (a listing of more than a page).
 */
export async function startS3StandIn(bucket = 'shop-uploads'): Promise<S3StandIn> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--input-type=module', '-e', standInProcess, directory, bucket],
    // Where `s3rver` resolves from: this package.
    { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const stopped = (code: number | null) =>
      reject(new Error(`The S3 stand-in stopped before it listened (exit code ${code})`));
    child.once('exit', stopped);
    createInterface({ input: child.stdout }).once('line', (line) => {
      child.off('exit', stopped);
      resolve(Number(line));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver takes its own fixed key pair (it does not check signatures).
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys: async (prefix = '') => {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
        );
        keys.push(...(page.Contents ?? []).flatMap((object) => object.Key ?? []));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    object: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      } catch {
        return undefined;
      }
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        data: Buffer.from((await object.Body?.transformToByteArray()) ?? []),
        contentType: object.ContentType,
        cacheControl: object.CacheControl,
      };
    },
    close: async () => {
      client.destroy();
      if (child.exitCode === null) {
        child.kill();
        await once(child, 'exit');
      }
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
