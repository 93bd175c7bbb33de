import { hasImageSizes, sizedImagePath } from '@shop/shared';

/** Where an uploaded image's path (`/products/x.webp`) is served. */
export const imageUrl = (path: string) => `/uploads${path.startsWith('/') ? path : `/${path}`}`;

/**
 * A small picture for a preview: the 320 px size of a catalogue picture (a tile is at most
 * 11rem wide), the picture itself otherwise.
 */
export const previewUrl = (path: string) =>
  imageUrl(hasImageSizes(path) ? sizedImagePath(path, 320) : path);
