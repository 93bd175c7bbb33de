import { describe, expect, it } from 'vitest';
import {
  adminImageUploadQuerySchema,
  hasImageSizes,
  imageWidths,
  MAX_IMAGE_SIDE,
  sizedImagePath,
} from './image-sizes.js';

describe('catalogue picture sizes (issue 12)', () => {
  it('names each size after the picture and its width', () => {
    expect(imageWidths).toEqual([320, 640, 960]);
    expect(Math.max(...imageWidths)).toBeLessThan(MAX_IMAGE_SIDE);
    expect(sizedImagePath('/products/3f2a.webp', 640)).toBe('/products/3f2a-w640.webp');
    expect(sizedImagePath('/carousel/raw-honey.webp', 320)).toBe('/carousel/raw-honey-w320.webp');
  });

  it('knows which pictures have sizes: WebP pictures of the catalogue folders, not a size itself', () => {
    for (const path of [
      '/products/3f2a-9c.webp',
      '/categories/honey.webp',
      '/carousel/raw-honey.webp',
      '/campaigns/winter-warmers.webp',
      '/cleaning-gallery/3f2a-9c.webp',
    ])
      expect(hasImageSizes(path), path).toBe(true);
    for (const path of [
      '/reviews/3f2a.webp',
      '/cleaning/cleaning-1.webp',
      '/products/3f2a-w640.webp',
      '/products/x.png',
      '/products/sub/x.webp',
      'products/x.webp',
      'https://cdn.example/products/x.webp',
      '',
    ])
      expect(hasImageSizes(path), path).toBe(false);
  });

  it('uploads to products unless categories is asked for', () => {
    expect(adminImageUploadQuerySchema.parse({})).toEqual({ folder: 'products' });
    expect(adminImageUploadQuerySchema.parse({ folder: 'categories' })).toEqual({
      folder: 'categories',
    });
    expect(adminImageUploadQuerySchema.safeParse({ folder: 'reviews' }).success).toBe(false);
  });
});
