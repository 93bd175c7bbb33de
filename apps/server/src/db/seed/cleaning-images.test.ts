import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleaningGallery } from '../../modules/enquiries/cleaning-gallery.js';
import { LocalDiskStorage } from '../../modules/uploads/storage.js';
import { ensureCleaningImages } from './cleaning-images.js';
import { uploadFile } from './images.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-cleaning-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('ensureCleaningImages', () => {
  it('CLEAN-04: draws six distinct 800×600 WebP photos with paths relative to the uploads location, each with an alternative text (issue 10.17)', async () => {
    const report = await ensureCleaningImages(new LocalDiskStorage(path.join(dataDir, 'uploads')));
    expect(report).toMatchObject({ rendered: 6, skipped: 0 });
    expect(cleaningGallery.map(({ path: file }) => file)).toEqual(
      [1, 2, 3, 4, 5, 6].map((index) => `/cleaning/cleaning-${index}.webp`),
    );
    const pixels = new Set<string>();
    for (const photo of cleaningGallery) {
      expect(photo.alt.length).toBeGreaterThan(20);
      const image = sharp(uploadFile(dataDir, photo.path));
      const metadata = await image.metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 800, 600]);
      const { data } = await image.resize(8, 6).raw().toBuffer({ resolveWithObject: true });
      pixels.add(data.toString('hex'));
    }
    expect(pixels.size).toBe(6);
  });

  it('keeps photos that exist and draws only missing ones', async () => {
    const first = uploadFile(dataDir, cleaningGallery[0]?.path ?? '');
    const before = await fs.stat(first);
    expect(
      await ensureCleaningImages(new LocalDiskStorage(path.join(dataDir, 'uploads'))),
    ).toMatchObject({ rendered: 0, skipped: 6 });
    expect((await fs.stat(first)).mtimeMs).toBe(before.mtimeMs);

    await fs.rm(uploadFile(dataDir, cleaningGallery[5]?.path ?? ''));
    expect(
      await ensureCleaningImages(new LocalDiskStorage(path.join(dataDir, 'uploads'))),
    ).toMatchObject({ rendered: 1, skipped: 5 });
    expect(await fs.readdir(path.join(dataDir, 'uploads', 'cleaning'))).toHaveLength(6);
  });
});
