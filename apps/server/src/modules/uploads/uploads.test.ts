import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountServerMessages,
  imageSizesOf,
  imageWidths,
  serverMessages,
  storedImageWidths,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser, uniqueIp } from '../../test/account-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { LocalDiskStorage, type FileStorage } from './storage.js';
import { uploadMessages, UploadsService } from './uploads.service.js';
import { uploads } from './uploads.tables.js';

let ctx: TestContext;
let user: SessionUser;
let staff: StaffMember;
let reviewsDir: string;
beforeAll(async () => {
  // A 1 MB limit keeps the too-large file small.
  ctx = await createTestApp({ UPLOAD_MAX_MEGABYTES: '1' });
  user = await createVerifiedUser(ctx.app, ctx.db);
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff' });
  reviewsDir = path.join(ctx.env.dataDir, 'uploads', 'reviews');
});
afterAll(() => ctx.close());

interface FilePart {
  field?: string;
  data: Buffer;
  filename: string;
  type: string;
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(parts: FilePart[]) {
  const form = new FormData();
  for (const part of parts)
    form.append(part.field ?? 'image', new Blob([part.data], { type: part.type }), part.filename);
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function upload(
  parts: FilePart[],
  {
    as = user,
    remoteAddress = uniqueIp(),
  }: { as?: SessionUser | null; remoteAddress?: string } = {},
) {
  const { payload, headers } = await multipart(parts);
  return ctx.app.inject({
    remoteAddress,
    method: 'POST',
    url: '/api/upload',
    headers: { ...headers, ...(as ? bearer(as) : {}) },
    payload,
  });
}

async function storedFiles(): Promise<string[]> {
  return fs.readdir(reviewsDir).catch(() => []);
}

async function uploadRows(): Promise<number> {
  const [row] = await ctx.db.select({ rows: count() }).from(uploads);
  return row?.rows ?? 0;
}

/** Runs `send`, expects a 400 with `message`, and that no file and no row was added. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json(): unknown }>,
  message: string,
) {
  const filesBefore = await storedFiles();
  const rowsBefore = await uploadRows();
  const response = await send();
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message });
  expect(await storedFiles()).toEqual(filesBefore);
  expect(await uploadRows()).toBe(rowsBefore);
}

/** A 300×200 JPEG, blue on its left edge, stored rotated (EXIF orientation 6) with GPS data. */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#c00000' } })
    .composite([
      {
        input: { create: { width: 50, height: 200, channels: 3, background: '#0000ff' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '59/1 54/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '10/1 45/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 4, background: '#3a7' } })
    .png()
    .toBuffer();

/**
 * A decompression bomb: a valid 20000×20000 PNG (400 megapixels, 50 MB as 1-bit grey, over a
 * gigabyte once decoded to RGB) that compresses to about 50 KB.
 */
function pngBomb(): Buffer {
  const side = 20_000;
  const scanlines = Buffer.alloc((1 + side / 8) * side);
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/upload', () => {
  it('API-41: stores a photo as WebP without its EXIF and GPS data, turned upright, and serves it at /uploads + the answered path (issue 10.17)', async () => {
    const jpeg = await cameraJpeg();
    const original = await sharp(jpeg).metadata();
    expect(original.orientation).toBe(6);
    // The GPS directory pointer (tag 0x8825, little-endian) is in the upload's EXIF.
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const response = await upload([{ data: jpeg, filename: 'holiday.jpg', type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const stored = response.json<string>();
    // Relative to the uploads location, so an old client's `…/uploads` prefix finds it.
    expect(stored).toMatch(/^\/reviews\/[0-9a-f-]{36}\.webp$/);

    const served = await ctx.app.inject({ method: 'GET', url: `/uploads${stored}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(served.rawPayload.includes('TestCam')).toBe(false);
    // Orientation 6 turns the picture a quarter clockwise: the blue left edge is now on top.
    expect([metadata.width, metadata.height]).toEqual([200, 300]);
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(60);

    const [row] = await ctx.db.select().from(uploads).where(eq(uploads.path, stored));
    expect(row).toMatchObject({ userId: user._id, width: 200, height: 300 });
    expect(row?.bytes).toBe(served.rawPayload.length);
  });

  it('accepts a PNG and scales a large picture down to 1600 px on its long side', async () => {
    const response = await upload([
      { data: await png(2400, 1200), filename: 'screenshot.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const file = path.join(
      ctx.env.dataDir,
      'uploads',
      ...response.json<string>().split('/').filter(Boolean),
    );
    const metadata = await sharp(file).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 1600, 800]);
  });

  it('judges a file by its content, not by its name or declared type', async () => {
    const response = await upload([
      { data: await png(), filename: 'notes.txt', type: 'text/plain' },
    ]);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a text file renamed to .jpg and sent as image/jpeg, keeping nothing', async () => {
    await expectRefused(
      () =>
        upload([
          {
            data: Buffer.from('Just some notes, not a picture.\n'),
            filename: 'photo.jpg',
            type: 'image/jpeg',
          },
        ]),
      uploadMessages.notAnImage,
    );
  });

  it('refuses an HTML file', async () => {
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    await expectRefused(
      () => upload([{ data: Buffer.from(html), filename: 'image.png', type: 'image/png' }]),
      uploadMessages.notAnImage,
    );
  });

  it('refuses an SVG, which sharp could draw but which can carry scripts', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg');
    await expectRefused(
      () => upload([{ data: Buffer.from(svg), filename: 'logo.svg', type: 'image/svg+xml' }]),
      uploadMessages.notAnImage,
    );
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await cameraJpeg();
    await expectRefused(
      () => upload([{ data: jpeg.subarray(0, 600), filename: 'cut.jpg', type: 'image/jpeg' }]),
      uploadMessages.notAnImage,
    );
  });

  it('refuses a file over UPLOAD_MAX_MEGABYTES', async () => {
    const noisy = await sharp({
      create: {
        width: 800,
        height: 800,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    await expectRefused(
      () => upload([{ data: noisy, filename: 'big.png', type: 'image/png' }]),
      uploadMessages.tooLarge(1),
    );
  });

  it('refuses a decompression bomb from its declared size, without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    await expectRefused(
      () => upload([{ data: bomb, filename: 'tiny.png', type: 'image/png' }]),
      uploadMessages.tooManyPixels,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('asks for the field "image" when the file is in another field or missing', async () => {
    await expectRefused(
      () =>
        upload([{ field: 'file', data: Buffer.from('x'), filename: 'a.png', type: 'image/png' }]),
      uploadMessages.noFile,
    );
    await expectRefused(
      () =>
        ctx.app.inject({
          remoteAddress: uniqueIp(),
          method: 'POST',
          url: '/api/upload',
          headers: bearer(user),
          payload: { image: 'data:image/png;base64,AAAA' },
        }),
      uploadMessages.noFile,
    );
  });

  it('answers 401 without a token and 403 to a guest', async () => {
    const data = await png();
    const anonymous = await upload([{ data, filename: 'a.png', type: 'image/png' }], { as: null });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: serverMessages.notAuthorized });

    const remoteAddress = uniqueIp();
    const guest = (
      await ctx.app.inject({ remoteAddress, method: 'POST', url: '/api/subscribers/guest' })
    ).json<SessionUser>();
    const refused = await upload([{ data, filename: 'a.png', type: 'image/png' }], {
      as: guest,
      remoteAddress,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: accountServerMessages.guestNotAllowed });
  });

  it('limits uploads per user to 30 in 10 minutes', async () => {
    const uploader = await createVerifiedUser(ctx.app, ctx.db);
    const data = await png(8, 8);
    const codes: number[] = [];
    for (let index = 0; index < 31; index += 1)
      codes.push(
        (await upload([{ data, filename: 'a.png', type: 'image/png' }], { as: uploader }))
          .statusCode,
      );
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(codes[30]).toBe(429);
  });
});

describe('POST /api/admin/images (issue 12)', () => {
  const uploadsDir = () => path.join(ctx.env.dataDir, 'uploads');
  const fileOf = (imagePath: string) => path.join(uploadsDir(), ...imagePath.split('/'));
  const filesIn = (folder: string) =>
    fs.readdir(path.join(uploadsDir(), folder)).catch(() => [] as string[]);

  async function adminUpload(data: Buffer, query = '') {
    const { payload, headers } = await multipart([
      { data, filename: 'photo.jpg', type: 'image/jpeg' },
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/admin/images${query}`,
      headers: { ...headers, ...bearer(staff.session) },
      payload,
    });
  }

  /** A 2000×1000 camera JPEG with GPS data: wider than the largest size. */
  const wideCameraJpeg = () =>
    sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#2a6' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1' },
      })
      .toBuffer();

  it('stores a product picture at full size, named after its width, and at every width of the srcset, all WebP without EXIF', async () => {
    const response = await adminUpload(await wideCameraJpeg());
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json<string>();
    expect(stored).toMatch(/^\/products\/[0-9a-f-]{36}_1600w\.webp$/);

    const full = await sharp(fileOf(stored)).metadata();
    expect([full.format, full.width, full.height]).toEqual(['webp', 1600, 800]);
    const sizes = imageSizesOf(stored);
    expect(sizes.map(({ width }) => width)).toEqual([...imageWidths]);
    for (const { path: sized, width } of sizes) {
      expect(sized).toBe(stored.replace('_1600w.webp', `_${width}w.webp`));
      const served = await ctx.app.inject({ method: 'GET', url: `/uploads${sized}` });
      expect(served.statusCode, sized).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(served.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        'webp',
        width,
        width / 2,
      ]);
      expect(metadata.exif).toBeUndefined();
      expect(served.rawPayload.includes('TestCam')).toBe(false);
    }
    // The record names the picture; its sizes follow from the path.
    const rows = await ctx.db.select().from(uploads).where(eq(uploads.path, stored));
    expect(rows).toMatchObject([{ userId: staff.id, width: 1600, height: 800 }]);
  });

  it('issue 29.15: never enlarges: a picture narrower than a width has no size of it, and says its own width', async () => {
    const small = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#a52' },
    })
      .png()
      .toBuffer();
    const stored = (await adminUpload(small)).json<string>();
    expect(stored).toMatch(/_1200w\.webp$/);
    // What a srcset lists of it: exactly the files there are, each as wide as it says.
    const listed = storedImageWidths(stored) ?? [];
    expect(listed.map(({ width }) => width)).toEqual([320, 640, 960, 1200]);
    for (const { path: file, width } of listed)
      expect((await sharp(fileOf(file)).metadata()).width, file).toBe(width);
    const name = path.basename(stored, '_1200w.webp');
    expect((await filesIn('products')).filter((file) => file.startsWith(name)).sort()).toEqual(
      listed.map(({ path: file }) => path.basename(file)).sort(),
    );

    const narrow = (
      await adminUpload(
        await sharp({ create: { width: 500, height: 400, channels: 3, background: '#5a2' } })
          .png()
          .toBuffer(),
      )
    ).json<string>();
    expect(storedImageWidths(narrow)?.map(({ width }) => width)).toEqual([320, 500]);
    await expect(fs.access(fileOf(narrow.replace('_500w', '_640w')))).rejects.toThrow();
  });

  it('puts category pictures in their own folder, with their sizes, and refuses another folder', async () => {
    const response = await adminUpload(await wideCameraJpeg(), '?folder=categories');
    const stored = response.json<string>();
    expect(stored).toMatch(/^\/categories\/[0-9a-f-]{36}_1600w\.webp$/);
    for (const size of imageSizesOf(stored))
      await expect(fs.access(fileOf(size.path))).resolves.toBeUndefined();

    const before = await filesIn('reviews');
    const refused = await adminUpload(await png(), '?folder=reviews');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'folder must be one of products, categories, carousel, campaigns, cleaning-gallery',
    });
    expect(await filesIn('reviews')).toEqual(before);
  });

  it('keeps no file when a step fails: a size that cannot be written, or the record', async () => {
    const data = await wideCameraJpeg();
    const disk = new LocalDiskStorage(uploadsDir());
    let puts = 0;
    const failingThird: FileStorage = {
      put: async (key, bytes) => {
        puts += 1;
        if (puts === 3) throw new Error('disk full');
        return disk.put(key, bytes);
      },
      remove: (key) => disk.remove(key),
      get: (key) => disk.get(key),
      list: (folder) => disk.list(folder),
    };
    const before = await filesIn('products');
    const rowsBefore = await uploadRows();
    const service = new UploadsService({ db: ctx.db, storage: failingThird, maxMegabytes: 5 });
    await expect(
      service.storeImage({ data, userId: staff.id, folder: 'products' }),
    ).rejects.toThrow('disk full');
    expect(puts).toBe(3);
    expect(await filesIn('products')).toEqual(before);

    // Every file is written, then the record fails (no such user).
    const unrecorded = new UploadsService({ db: ctx.db, storage: disk, maxMegabytes: 5 });
    await expect(
      unrecorded.storeImage({ data, userId: randomUUID(), folder: 'products' }),
    ).rejects.toThrow();
    expect(await filesIn('products')).toEqual(before);
    expect(await uploadRows()).toBe(rowsBefore);
  });

  it('stores a review photo at one size only', async () => {
    const before = await storedFiles();
    const response = await upload([{ data: await png(), filename: 'a.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(200);
    expect((await storedFiles()).length).toBe(before.length + 1);
  });

  it('answers 403 to a customer', async () => {
    const { payload, headers } = await multipart([
      { data: await png(), filename: 'a.png', type: 'image/png' },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { ...headers, ...bearer(user) },
      payload,
    });
    expect(response.statusCode).toBe(403);
  });
});
