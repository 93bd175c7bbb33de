import { apiOrigin } from './api-client.js';

export const DEFAULT_PRODUCT_IMAGE = '/default-product.svg';

/** Stored image paths are served by the backend: prefix them with its origin (GLOB-28). */
export function imageUrl(path: string | null | undefined): string {
  if (!path) return DEFAULT_PRODUCT_IMAGE;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${apiOrigin}${path.startsWith('/') ? path : `/${path}`}`;
}
