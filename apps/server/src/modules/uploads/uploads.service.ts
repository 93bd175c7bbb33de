import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import sharp, { type Metadata, type SharpOptions, type WebpOptions } from 'sharp';
import {
  type AdminUploadFolder,
  catalogueImagePath,
  hasImageSizes,
  imageSizesOf,
  MAX_IMAGE_SIDE,
  type StoredImage,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { InvalidError } from '../../domain-errors.js';
import type { FileStorage } from './storage.js';
import { uploads } from './uploads.tables.js';

/** The answers of a refused upload, each a 400. */
export const uploadMessages = {
  notAnImage: 'The file is not an image we can use (JPEG, PNG, WebP, GIF, AVIF or TIFF).',
  tooManyPixels: 'The image is too large in pixels.',
  noFile: 'Send the image in the form field "image".',
  tooLarge: (megabytes: number) => `The image is larger than ${megabytes} MB.`,
} as const;

/**
 * Decoding is what costs memory: a small file can declare a huge picture (a decompression
 * bomb), so the declared size is checked before any pixel is decoded. 40 megapixels is above
 * any phone camera.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 82;

/**
 * Raster formats of photos and screenshots. SVG is refused: it is XML that can carry scripts.
 * HEIC needs a decoder the prebuilt sharp does not ship, so it fails to decode and is refused
 * as well ('heif' here means AVIF in practice).
 */
const acceptedFormats = new Set<Metadata['format']>(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);

const decoderOptions: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: 'error',
  // One frame of an animated GIF or WebP, the first page of a TIFF: a review shows a still.
  pages: 1,
};

export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Checks that `data` is a raster image by decoding it (its name and declared type are not
 * trusted), turns it upright from its EXIF orientation, scales it down to MAX_IMAGE_SIDE and
 * encodes it as WebP. sharp writes no metadata unless asked, so EXIF (camera, GPS position),
 * XMP, IPTC and ICC data are all gone from the result.
 */
export async function prepareImage(data: Buffer): Promise<PreparedImage> {
  let metadata: Metadata;
  try {
    // The header alone; the pixel limit is checked here on the declared size.
    metadata = await sharp(data, { ...decoderOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new InvalidError('errors.uploads.notAnImage');
  }
  if (!acceptedFormats.has(metadata.format)) throw new InvalidError('errors.uploads.notAnImage');
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS)
    throw new InvalidError('errors.uploads.tooManyPixels');
  try {
    const { data: webp, info } = await sharp(data, decoderOptions)
      .rotate()
      .resize({
        width: MAX_IMAGE_SIDE,
        height: MAX_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data: webp, width: info.width, height: info.height };
  } catch {
    // Corrupt or truncated pixel data, or a codec sharp lacks (HEIC).
    throw new InvalidError('errors.uploads.notAnImage');
  }
}

/** A picture's decoded pixels, as sharp's `raw()` answers them. */
export interface DecodedPixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Encodes `sizes` of a catalogue picture (issue 12; `imageSizesOf(path)` says which) from its
 * pixels, each scaled down to its width. A picture named after its width has only sizes below
 * it (issue 29); one stored before has every width, and one it does not exceed is the full WebP
 * itself. `pixels` saves decoding `full` again when the caller has them.
 */
export async function encodeImageSizes(
  full: Buffer,
  sizes: readonly StoredImage[],
  { webp = { quality: WEBP_QUALITY }, pixels }: { webp?: WebpOptions; pixels?: DecodedPixels } = {},
): Promise<(StoredImage & { data: Buffer })[]> {
  if (sizes.length === 0) return [];
  const { data, info } = pixels ?? (await sharp(full).raw().toBuffer({ resolveWithObject: true }));
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    sizes.map(async (size) => ({
      ...size,
      data:
        size.width >= info.width
          ? full
          : await sharp(data, { raw }).resize({ width: size.width }).webp(webp).toBuffer(),
    })),
  );
}

/** Whether every one of the paths is an image this user uploaded. */
export async function areOwnUploads(
  db: Database,
  userId: string,
  paths: readonly string[],
): Promise<boolean> {
  const distinct = [...new Set(paths)];
  if (distinct.length === 0) return true;
  const [owned] = await db
    .select({ count: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.path, distinct)));
  return owned?.count === distinct.length;
}

/**
 * Whether the path is a catalogue picture someone uploaded (through the back office, so it has
 * its sizes); a review photo or a path nobody uploaded is not.
 */
export async function isUploadedCatalogueImage(
  db: Database | Transaction,
  imagePath: string,
): Promise<boolean> {
  if (!hasImageSizes(imagePath)) return false;
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(eq(uploads.path, imagePath))
    .limit(1);
  return row !== undefined;
}

/** The storage key of an image path: `/products/x.webp` is `products/x.webp`. */
const keyOf = (imagePath: string) => imagePath.replace(/^\/+/, '');

export interface UploadsServiceDeps {
  db: Database;
  storage: FileStorage;
  maxMegabytes: number;
}

/** Review and catalogue images: checked, cleaned, stored and recorded with who uploaded them. */
export class UploadsService {
  constructor(private readonly deps: UploadsServiceDeps) {}

  /**
   * Answers the stored image's path (`/reviews/<uuid>.webp`, or `/products/…` and
   * `/categories/…` for the back office's, which are stored with their sizes too); nothing is
   * kept when anything fails.
   */
  async storeImage({
    data,
    userId,
    folder = 'reviews',
  }: {
    data: Buffer;
    userId: string;
    folder?: 'reviews' | AdminUploadFolder;
  }): Promise<string> {
    if (data.length > this.deps.maxMegabytes * 1024 * 1024)
      throw new InvalidError('errors.uploads.tooLarge', {
        values: { megabytes: this.deps.maxMegabytes },
      });
    const image = await prepareImage(data);
    // A catalogue picture is named after its width, so its path tells which sizes it has.
    const imagePath =
      folder === 'reviews'
        ? `/${folder}/${randomUUID()}.webp`
        : catalogueImagePath(folder, randomUUID(), image.width);
    const files = [{ key: keyOf(imagePath), data: image.data }];
    for (const size of await encodeImageSizes(image.data, imageSizesOf(imagePath)))
      files.push({ key: keyOf(size.path), data: size.data });
    const written: string[] = [];
    try {
      // The full picture last: its path is only answered once every size of it is there.
      for (const file of files.reverse()) {
        written.push(file.key);
        await this.deps.storage.put(file.key, file.data, 'image/webp');
      }
      await this.deps.db.insert(uploads).values({
        userId,
        path: imagePath,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
      });
      return imagePath;
    } catch (error) {
      await Promise.all(written.map((one) => this.deps.storage.remove(one)));
      throw error;
    }
  }
}
