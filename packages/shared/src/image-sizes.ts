/**
 * Catalogue pictures are stored full size and again at those of these widths below their own,
 * so a browser fetches about what it shows (issue 12). Chosen from the storefront's layout at 1x and 2x: 320 for the
 * gallery's 72 px thumbnails and a product card (175–312 px wide), 640 for a card on a 2x screen
 * and the product page's main picture (336–636 px), 960 for that picture on a 2x screen and the
 * carousel and campaign banners on a phone; a wider screen takes the full picture.
 */
export const imageWidths = [320, 640, 960] as const;

/**
 * The long side of a stored picture is at most this many pixels. A picture stored before its
 * width was in its name (see `storedImageWidths`) is described in a srcset by it.
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
export type SizedImageFolder = (typeof sizedImageFolders)[number];

const sizedImage = new RegExp(`^/(${sizedImageFolders.join('|')})/([\\w-]+)\\.webp$`);
/** The name of a picture that says its width: `3f2a_1200w` is 1,200 pixels wide. */
const widthInName = /^([\w-]+)_(\d+)w$/;
/** A size of a picture stored before issue 29: `3f2a-w640`. */
const oldSizeSuffix = /-w\d+$/;

/** A stored file of a catalogue picture: its image path and how many pixels wide it is. */
export interface StoredImage {
  path: string;
  width: number;
}

/**
 * The image path of a new catalogue picture `width` pixels wide: `/products/3f2a_1200w.webp`.
 * Every file of a picture is named so: the picture itself, and each of its sizes (the widths of
 * `imageWidths` below its own, never enlarged) with that width instead, `3f2a_640w`. So the
 * path alone tells which files there are and how wide each is, and a srcset lists exactly those.
 */
export function catalogueImagePath(folder: SizedImageFolder, name: string, width: number): string {
  return `/${folder}/${name}_${Math.round(width)}w.webp`;
}

/**
 * The stored files of the catalogue picture at `path`, narrowest first and the picture itself
 * last, each with its width: what a srcset lists. Undefined for a picture without sizes (a
 * review photo, the cleaning page's first six, another origin's, a size itself).
 *
 * A picture stored before its width was in its name (`/products/3f2a.webp`) has every width of
 * `imageWidths` as `3f2a-w640.webp`, a width it does not reach being its own bytes again, and is
 * itself described as MAX_IMAGE_SIDE wide: its width is not known without reading it.
 */
export function storedImageWidths(path: string): StoredImage[] | undefined {
  const [, folder, name] = sizedImage.exec(path) ?? [];
  if (folder === undefined || name === undefined || oldSizeSuffix.test(name)) return undefined;
  const named = widthInName.exec(name);
  if (!named) {
    return [
      ...imageWidths.map((width) => ({
        path: path.replace(/\.webp$/, `-w${width}.webp`),
        width,
      })),
      { path, width: MAX_IMAGE_SIDE },
    ];
  }
  const [, base = '', digits = ''] = named;
  const width = Number(digits);
  return [
    ...imageWidths
      .filter((size) => size < width)
      .map((size) => ({ path: `/${folder}/${base}_${size}w.webp`, width: size })),
    { path, width },
  ];
}

/** Whether the picture at this image path is stored with sizes (a catalogue picture). */
export function hasImageSizes(path: string): boolean {
  return storedImageWidths(path) !== undefined;
}

/** The sizes stored beside the picture at `path` (none for a picture without sizes). */
export function imageSizesOf(path: string): StoredImage[] {
  return storedImageWidths(path)?.slice(0, -1) ?? [];
}
