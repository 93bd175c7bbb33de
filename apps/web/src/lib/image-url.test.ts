import { afterEach, describe, expect, it, vi } from 'vitest';

/** image-url.js as loaded with `VITE_API_ORIGIN` set to `origin` (read once, at load). */
async function loadWithApiOrigin(origin: string) {
  vi.stubEnv('VITE_API_ORIGIN', origin);
  vi.resetModules();
  return import('./image-url.js');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('imageUrl', () => {
  it('GLOB-28 builds the uploads location of the API plus the relative image path (issue 10.17)', async () => {
    const { imageUrl } = await loadWithApiOrigin('https://api.shop.example');
    expect(imageUrl('/products/honey-500g.webp')).toBe(
      'https://api.shop.example/uploads/products/honey-500g.webp',
    );
    expect(imageUrl('reviews/3f2a.webp')).toBe(
      'https://api.shop.example/uploads/reviews/3f2a.webp',
    );
  });

  it('serves from /uploads on the same origin when no API origin is set', async () => {
    const { imageUrl } = await loadWithApiOrigin('');
    expect(imageUrl('/categories/honey.webp')).toBe('/uploads/categories/honey.webp');
  });

  it('keeps absolute, data and blob URLs, and shows the default picture for no image', async () => {
    const { imageUrl, DEFAULT_PRODUCT_IMAGE } = await loadWithApiOrigin('https://api.shop.example');
    expect(imageUrl('https://cdn.example/x.webp')).toBe('https://cdn.example/x.webp');
    expect(imageUrl('blob:https://shop.example/1')).toBe('blob:https://shop.example/1');
    expect(imageUrl('')).toBe(DEFAULT_PRODUCT_IMAGE);
    expect(imageUrl(undefined)).toBe(DEFAULT_PRODUCT_IMAGE);
  });
});
