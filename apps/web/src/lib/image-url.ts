import { storedImageWidths } from '@shop/shared';
import { apiOrigin } from './api-client.js';

export const DEFAULT_PRODUCT_IMAGE = '/default-product.svg';

/**
 * Image fields hold a path relative to the backend's uploads location (`/products/x.webp`); the
 * picture is served at `<api origin>/uploads/products/x.webp` (GLOB-28, API contract).
 */
export function imageUrl(path: string | null | undefined): string {
  if (!path) return DEFAULT_PRODUCT_IMAGE;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${apiOrigin}/uploads${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The `srcSet` of a catalogue picture: the sizes stored of it and the picture itself, each by
 * its own width (the path says them), so the browser fetches about what it shows. Undefined for
 * a picture without sizes: a review photo, the cleaning page's, another origin's, the default.
 */
export function imageSrcSet(path: string | null | undefined): string | undefined {
  const stored = path ? storedImageWidths(path) : undefined;
  return stored?.map((file) => `${imageUrl(file.path)} ${file.width}w`).join(', ');
}

/**
 * The `src` of an <img>, with `srcSet` and `sizes` for a catalogue picture; `sizes` says how
 * wide the page shows it (a CSS length or media conditions).
 */
export function responsiveImage(
  path: string | null | undefined,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = imageSrcSet(path);
  return srcSet ? { src: imageUrl(path), srcSet, sizes } : { src: imageUrl(path) };
}
