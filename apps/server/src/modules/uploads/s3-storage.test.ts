import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSizesOf, storedImageWidths, type SessionUser } from '@shop/shared';
import { loadEnv } from '../../config/env.js';
import { ensureImageSizes, renderImages } from '../../db/seed/images.js';
import { bearer, createVerifiedUser, uniqueIp } from '../../test/account-fixtures.js';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { cleaningGallery, installCleaningPhotos } from '../enquiries/cleaning-gallery.js';
import { createS3Storage } from './s3-storage.js';
import { createFileStorage, type FileStorage, LocalDiskStorage } from './storage.js';
import { UploadsService } from './uploads.service.js';

// Uploads in S3-compatible object storage (issue 16), against a local S3 stand-in (s3rver).
let s3: S3StandIn;
/** Two server processes of one shop: one database each, one bucket. */
let first: TestContext;
let second: TestContext;
let storage: FileStorage;
let user: SessionUser;
let staff: StaffMember;

beforeAll(async () => {
  s3 = await startS3StandIn();
  [first, second] = await Promise.all([createTestApp(s3.env), createTestApp(s3.env)]);
  storage = await createFileStorage(first.env);
  user = await createVerifiedUser(first.app, first.db);
  staff = await createStaffMember(first.app, first.db, { role: 'staff' });
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await s3?.close();
});

async function multipart(data: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([data], { type: 'image/png' }), 'photo.png');
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

/** Every file under a data folder's uploads, as keys. */
async function localUploads(ctx: TestContext): Promise<string[]> {
  const root = path.join(ctx.env.dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const get = (ctx: TestContext, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('uploads in object storage (issue 16)', () => {
  it('stores a review photo through POST /api/upload in the bucket, not on local disk, and serves it at /uploads/<key>', async () => {
    const { payload, headers } = await multipart(await png());
    const response = await first.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/upload',
      headers: { ...headers, ...bearer(user) },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json<string>();
    expect(stored).toMatch(/^\/reviews\/[0-9a-f-]{36}\.webp$/);

    const object = await s3.object(stored.slice(1));
    expect(object?.contentType).toBe('image/webp');
    expect(object?.cacheControl).toBe('public, max-age=604800');
    expect((await sharp(object?.data).metadata()).format).toBe('webp');
    expect(await localUploads(first)).toEqual([]);

    const served = await get(first, `/uploads${stored}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=604800');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(served.headers['last-modified']).toBeDefined();
    expect(served.rawPayload.equals(object?.data ?? Buffer.alloc(0))).toBe(true);

    // A browser that has it gets a 304 without the bytes; a HEAD gets the headers only.
    const again = await get(first, `/uploads${stored}`, {
      'if-none-match': String(served.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await first.app.inject({ method: 'HEAD', url: `/uploads${stored}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(object?.data.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves an image uploaded through one server process from another sharing the bucket', async () => {
    const { payload, headers } = await multipart(await png(2000, 1000));
    const response = await first.app.inject({
      method: 'POST',
      url: '/api/admin/images?folder=products',
      headers: { ...headers, ...bearer(staff.session) },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json<string>();
    expect(stored).toMatch(/_1600w\.webp$/);
    expect(await s3.keys(stored.slice(1).replace('1600w.webp', ''))).toEqual(
      (storedImageWidths(stored) ?? []).map((file) => file.path.slice(1)).sort(),
    );

    for (const imagePath of [stored, imageSizesOf(stored)[1]?.path ?? '']) {
      const served = await get(second, `/uploads${imagePath}`);
      expect(served.statusCode, imagePath).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(
        served.rawPayload.equals((await s3.object(imagePath.slice(1)))?.data ?? Buffer.alloc(0)),
      ).toBe(true);
    }
    expect(
      (await sharp((await get(second, `/uploads${stored}`)).rawPayload).metadata()).width,
    ).toBe(1600);
    expect(await localUploads(first)).toEqual([]);
    expect(await localUploads(second)).toEqual([]);
  });

  it('removes from the bucket: a removed image is a 404, and a failed upload leaves no object', async () => {
    const key = `reviews/${randomUUID()}.webp`;
    expect(
      await storage.put(
        key,
        await sharp(await png())
          .webp()
          .toBuffer(),
        'image/webp',
      ),
    ).toBe(`/${key}`);
    expect((await get(second, `/uploads/${key}`)).statusCode).toBe(200);
    await storage.remove(key);
    expect(await s3.object(key)).toBeUndefined();
    expect((await get(second, `/uploads/${key}`)).statusCode).toBe(404);
    // Removing what is not there is no error.
    await expect(storage.remove(key)).resolves.toBeUndefined();

    // Every file is written, then the record fails (no such user): all of them go again.
    const before = await s3.keys('products/');
    const service = new UploadsService({ db: first.db, storage, maxMegabytes: 5 });
    await expect(
      service.storeImage({ data: await png(1000, 500), userId: randomUUID(), folder: 'products' }),
    ).rejects.toThrow();
    expect(await s3.keys('products/')).toEqual(before);
  });

  it('lists a folder page by page, its own files only, as the seed reads it', async () => {
    const config = first.env.s3;
    if (!config) throw new Error('the test app has no S3 configuration');
    const paged = await createS3Storage(config, { listPageSize: 10 });
    const names = Array.from(
      { length: 25 },
      (_, index) => `p${String(index).padStart(2, '0')}.webp`,
    );
    await Promise.all(
      names.map((name) => paged.put(`listing/${name}`, Buffer.from(name), 'image/webp')),
    );
    await paged.put('listing/deeper/x.webp', Buffer.from('x'), 'image/webp');
    expect([...(await paged.list('listing'))].sort()).toEqual(names);
    expect(await paged.list('nothing-here')).toEqual(new Set());
    await expect(paged.list('../listing')).rejects.toThrow('Invalid storage folder');
  });

  it('answers 404, never a 500, for a key the bucket lacks and for a path that is no key', async () => {
    const present = `reviews/${randomUUID()}.webp`;
    await storage.put(
      present,
      await sharp(await png())
        .webp()
        .toBuffer(),
      'image/webp',
    );
    expect((await get(second, `/uploads/${present}`)).statusCode).toBe(200);
    for (const url of [
      `/uploads/${present.replace('.webp', '-w640.webp')}`,
      '/uploads/reviews/no-such-image.webp',
      '/uploads/products/missing-w640.webp',
      '/uploads/',
      '/uploads/reviews',
      '/uploads/reviews/',
      '/uploads/../../etc/passwd',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/reviews/a%20b.webp',
      '/uploads/reviews/%00.webp',
      '/uploads/reviews/x.webp.part',
      `/uploads/${'a'.repeat(2000)}.webp`,
    ]) {
      const response = await get(second, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: expect.stringMatching(/^Not found: GET /) });
    }
  });

  it('puts the cleaning photos and the seed pictures in the bucket, and finds them there', async () => {
    const built = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-built-photos-'));
    try {
      const photo = await sharp(await png(300, 200))
        .webp()
        .toBuffer();
      for (const { path: imagePath } of cleaningGallery)
        await fs.writeFile(path.join(built, path.basename(imagePath)), photo);
      expect(await installCleaningPhotos(built, storage)).toEqual({ copied: 6, missing: [] });
      expect(await s3.keys('cleaning/')).toEqual(
        cleaningGallery.map((one) => one.path.slice(1)).sort(),
      );
      expect(await installCleaningPhotos(built, storage)).toEqual({ copied: 0, missing: [] });
    } finally {
      await fs.rm(built, { recursive: true, force: true });
    }
    expect((await get(second, `/uploads${cleaningGallery[0]?.path}`)).statusCode).toBe(200);

    // A catalogue picture stored without its sizes (an upload from before sizes) gets them ...
    await storage.put(
      'categories/old-upload.webp',
      await sharp(await png(1200, 600))
        .webp()
        .toBuffer(),
      'image/webp',
    );
    expect(await ensureImageSizes(storage)).toEqual({ resized: 1, unreadable: 0 });
    expect(await s3.keys('categories/old-upload')).toEqual([
      'categories/old-upload-w320.webp',
      'categories/old-upload-w640.webp',
      'categories/old-upload-w960.webp',
      'categories/old-upload.webp',
    ]);
    // ... and the seed finds a picture in the bucket and does not draw it again.
    const report = await renderImages(storage, [
      {
        path: '/categories/old-upload.webp',
        draw: () => Promise.reject(new Error('drawn again')),
      },
    ]);
    expect(report).toMatchObject({ rendered: 0, skipped: 1, resized: 0 });
    expect(await localUploads(first)).toEqual([]);
  });
});

describe('object storage with a public URL (issue 16)', () => {
  let shop: TestContext;
  beforeAll(async () => {
    shop = await createTestApp({ ...s3.env, S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}/` });
  });
  afterAll(() => shop?.close());

  it('redirects /uploads/<key> to the object at the public URL, which the page may show', async () => {
    const key = `reviews/${randomUUID()}.webp`;
    const data = await sharp(await png())
      .webp()
      .toBuffer();
    await storage.put(key, data, 'image/webp');

    const response = await get(shop, `/uploads/${key}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${s3.endpoint}/${s3.bucket}/${key}`);
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    // The bucket's public address: the bytes come from the store, not the server.
    const direct = await fetch(String(response.headers.location));
    expect(direct.status).toBe(200);
    expect(Buffer.from(await direct.arrayBuffer()).equals(data)).toBe(true);
    // The Content-Security-Policy lets a page show images from there.
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`img-src 'self' data: blob: ${s3.endpoint.replaceAll('.', '\\.')}(;|$)`),
    );
    // Still a 404 for a path that is no key, without a redirect.
    expect((await get(shop, '/uploads/..%2Fsecret.webp')).statusCode).toBe(404);
  });
});

describe('the object storage configuration (issue 16)', () => {
  const complete = {
    S3_BUCKET: 'shop-uploads',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps uploads on local disk without S3_BUCKET, and reads a complete configuration', async () => {
    expect(loadEnv({}).s3).toBeUndefined();
    expect(await createFileStorage(loadEnv({}))).toBeInstanceOf(LocalDiskStorage);
    expect(
      loadEnv({
        ...complete,
        S3_ENDPOINT: 'https://s3.example.net',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.net/images/',
      }).s3,
    ).toEqual({
      bucket: 'shop-uploads',
      region: 'us-east-1',
      endpoint: 'https://s3.example.net',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.net/images',
    });
  });

  it('refuses half a configuration at start, naming what is missing or stray', () => {
    expect(() => loadEnv({ S3_BUCKET: 'shop-uploads' })).toThrow(
      /S3_ACCESS_KEY_ID: must be set when S3_BUCKET is set\n {2}S3_SECRET_ACCESS_KEY: must be set when S3_BUCKET is set/,
    );
    expect(() => loadEnv({ S3_BUCKET: 'shop-uploads', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_SECRET_ACCESS_KEY: must be set when S3_BUCKET is set/,
    );
    expect(() =>
      loadEnv({ S3_ENDPOINT: 'https://s3.example.net', S3_ACCESS_KEY_ID: 'AKIA' }),
    ).toThrow(/S3_ENDPOINT: is only read with S3_BUCKET[^\n]*\n {2}S3_ACCESS_KEY_ID: is only read/);
    expect(() => loadEnv({ ...complete, S3_PUBLIC_URL: 'cdn.example.net' })).toThrow(
      /S3_PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadEnv({ ...complete, S3_ENDPOINT: 'ftp://s3.example.net' })).toThrow(
      /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadEnv({ ...complete, S3_BUCKET: 'a/b' })).toThrow(/S3_BUCKET: must be a bucket/);
    expect(() => loadEnv({ ...complete, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE: must be true or false/,
    );
  });
});
