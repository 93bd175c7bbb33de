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
