import { z } from 'zod';

/**
 * Catalogue pictures are stored full size and again at these widths, so a browser fetches about
 * what it shows (issue 12). Chosen from the storefront's layout at 1x and 2x: 320 for the
 * gallery's 72 px thumbnails and a product card (175–312 px wide), 640 for a card on a 2x screen
 * and the product page's main picture (336–636 px), 960 for that picture on a 2x screen and the
 * carousel and campaign banners on a phone; a wider screen takes the full picture.
 */
export const imageWidths = [320, 640, 960] as const;

/**
 * The long side of a stored picture is at most this many pixels. A srcset describes the full
 * picture by it: a narrower original (a seed picture of 800 px) is then fetched only where
 * nothing smaller would do, which is right, and its 960 size is the same picture.
 */
export const MAX_IMAGE_SIDE = 1600;

/**
 * The folders whose pictures have sizes; review photos and the cleaning page's first six
 * (`/cleaning/…`, drawn at build time) do not, the photos staff add (`/cleaning-gallery/…`) do.
 */
export const sizedImageFolders = [
  'products',
  'categories',
  'carousel',
  'campaigns',
  'cleaning-gallery',
] as const;

const sizedImage = new RegExp(`^/(?:${sizedImageFolders.join('|')})/([\\w-]+)\\.webp$`);
const sizeSuffix = /-w\d+$/;

/** Whether the picture at this image path was stored with its sizes (a catalogue picture). */
export function hasImageSizes(path: string): boolean {
  const name = sizedImage.exec(path)?.[1];
  return name !== undefined && !sizeSuffix.test(name);
}

/** The image path of a picture's size: `/products/x.webp` at 640 is `/products/x-w640.webp`. */
export function sizedImagePath(path: string, width: number): string {
  return path.replace(/\.webp$/, `-w${width}.webp`);
}

/**
 * The folders the back office uploads to: product, item and category pictures, slides, banners
 * and the cleaning page's gallery.
 */
export const adminUploadFolders = [
  'products',
  'categories',
  'carousel',
  'campaigns',
  'cleaning-gallery',
] as const;
export type AdminUploadFolder = (typeof adminUploadFolders)[number];

export const adminImageUploadQuerySchema = z.object({
  folder: z
    .enum(adminUploadFolders, { error: `folder must be one of ${adminUploadFolders.join(', ')}` })
    .default('products'),
});
