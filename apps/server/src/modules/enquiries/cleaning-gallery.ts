import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The cleaning page's first six photos (CLEAN-04). They are part of the page, not of the demo
 * data: `npm run build` draws them (db/seed/cleaning-images.ts) beside the compiled server, and
 * every start puts the missing ones in the uploads store (DATA_DIR/uploads/cleaning, or the
 * bucket of S3_BUCKET), where the image paths point. Migration 0022 put them in the gallery's
 * table with these alt texts; staff change the gallery from there (issue 14), and a photo they
 * delete keeps its file.
 */
export interface GalleryPhoto {
  path: string;
  alt: string;
}

const alternativeTexts = [
  'A tidy house with a broom and a bucket ready for house cleaning',
  'An office building with a wastebasket and a bottle of cleaning liquid for office cleaning',
  'A window being washed with a sponge and soap bubbles',
  'A gleaming bathtub with soap, rubber gloves and bubbles for hygiene cleaning',
  'A freshly cleaned living room with a broom and a bucket for floor treatment',
  'A hotel with a freshly made bed and soap for hospitality cleaning',
];

export const cleaningGallery: GalleryPhoto[] = alternativeTexts.map((alt, index) => ({
  path: `/cleaning/cleaning-${index + 1}.webp`,
  alt,
}));

export interface PhotoInstallReport {
  copied: number;
  /** Photos neither in the uploads store nor in `from`: the page shows them broken. */
  missing: string[];
}

/**
 * What the copy needs of the uploads module's `FileStorage` (local disk or object storage), so
 * this module does not reach into that one's internals.
 */
export interface PhotoStore {
  list(folder: string): Promise<Set<string>>;
  put(key: string, data: Buffer, contentType: string): Promise<string>;
}

/** Copies the gallery's photos that `store` lacks from `from` (the build's copies). */
export async function installCleaningPhotos(
  from: string,
  store: PhotoStore,
): Promise<PhotoInstallReport> {
  const report: PhotoInstallReport = { copied: 0, missing: [] };
  const there = await store.list('cleaning');
  for (const photo of cleaningGallery) {
    const name = path.basename(photo.path);
    if (there.has(name)) continue;
    const data = await fs.readFile(path.join(from, name)).catch(() => undefined);
    if (!data) {
      report.missing.push(photo.path);
      continue;
    }
    await store.put(`cleaning/${name}`, data, 'image/webp');
    report.copied += 1;
  }
  return report;
}
