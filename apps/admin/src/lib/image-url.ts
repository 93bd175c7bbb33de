import { storedImageWidths } from '@shop/shared';
import noImage from './no-image.svg';

/**
 * Where an uploaded image's path (`/products/x.webp`) is served; a picture that says "no image"
 * where there is none (a product saved without pictures, an order line of one), never a broken
 * image.
 */
export const imageUrl = (path: string) =>
  path ? `/uploads${path.startsWith('/') ? path : `/${path}`}` : noImage;

/**
 * A small picture for a preview: the narrowest stored size of a catalogue picture (320 px, a
 * tile being at most 11rem wide; the picture itself when it is narrower), the picture otherwise.
 */
export const previewUrl = (path: string) => imageUrl(storedImageWidths(path)?.[0]?.path ?? path);
