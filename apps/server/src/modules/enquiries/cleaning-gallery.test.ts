import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../uploads/storage.js';
import { cleaningGallery, installCleaningPhotos } from './cleaning-gallery.js';

let folder: string;
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-gallery-'));
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

describe('installCleaningPhotos', () => {
  it("puts the build's cleaning photos where the image paths point, without drawing (issue 11, CLEAN-04)", async () => {
    const built = path.join(folder, 'dist-photos');
    const uploads = path.join(folder, 'uploads');
    await fs.mkdir(built);
    for (const photo of cleaningGallery.slice(0, 5))
      await fs.writeFile(path.join(built, path.basename(photo.path)), `built ${photo.path}`);

    expect(await installCleaningPhotos(built, new LocalDiskStorage(uploads))).toEqual({
      copied: 5,
      missing: ['/cleaning/cleaning-6.webp'],
    });
    const first = required(cleaningGallery[0]).path;
    expect(await fs.readFile(path.join(uploads, first), 'utf8')).toBe(`built ${first}`);

    // A photo already in place is kept, even when the build has another one.
    await fs.writeFile(path.join(uploads, first), 'replaced by the owner');
    await fs.writeFile(path.join(built, 'cleaning-6.webp'), 'built 6');
    expect(await installCleaningPhotos(built, new LocalDiskStorage(uploads))).toEqual({
      copied: 1,
      missing: [],
    });
    expect(await fs.readFile(path.join(uploads, first), 'utf8')).toBe('replaced by the owner');
  });
});

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the gallery has no photos');
  return value;
}
