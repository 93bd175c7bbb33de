import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The cleaning page's first six photos (CLEAN-04). They are part of the page, not of the demo
 * data: `npm run build` draws them (db/seed/cleaning-images.ts) beside the compiled server, and
 * every start puts the missing ones under DATA_DIR/uploads/cleaning, where the image paths point.
 * Migration 0022 put them in the gallery's table with these alt texts; staff change the gallery
 * from there (issue 14), and a photo they delete keeps its file.
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
  /** Photos neither in the uploads folder nor in `from`: the page shows them broken. */
  missing: string[];
}

/** Copies the gallery's photos that `uploadsDir` lacks from `from` (the build's copies). */
export async function installCleaningPhotos(
  from: string,
  uploadsDir: string,
): Promise<PhotoInstallReport> {
  const report: PhotoInstallReport = { copied: 0, missing: [] };
  for (const photo of cleaningGallery) {
    const name = path.basename(photo.path);
    const target = path.join(uploadsDir, 'cleaning', name);
    if (await exists(target)) continue;
    const source = path.join(from, name);
    if (!(await exists(source))) {
      report.missing.push(photo.path);
      continue;
    }
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(source, target);
    report.copied += 1;
  }
  return report;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
