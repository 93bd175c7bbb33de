import { describe, expect, it } from 'vitest';
import { adminImageUploadQuerySchema } from './admin-uploads.js';
import {
  catalogueImagePath,
  hasImageSizes,
  imageSizesOf,
  imageWidths,
  MAX_IMAGE_SIDE,
  storedImageWidths,
} from './image-sizes.js';

describe('catalogue picture sizes (issue 12)', () => {
  it('issue 29.15: names a picture after its width, and lists only the sizes below it, never 1600w for a narrower one', () => {
    expect(imageWidths).toEqual([320, 640, 960]);
    expect(Math.max(...imageWidths)).toBeLessThan(MAX_IMAGE_SIDE);
    const banner = catalogueImagePath('campaigns', 'winter-warmers', 1200);
    expect(banner).toBe('/campaigns/winter-warmers_1200w.webp');
    expect(storedImageWidths(banner)).toEqual([
      { path: '/campaigns/winter-warmers_320w.webp', width: 320 },
      { path: '/campaigns/winter-warmers_640w.webp', width: 640 },
      { path: '/campaigns/winter-warmers_960w.webp', width: 960 },
      { path: banner, width: 1200 },
    ]);
    // An 800 px picture has no 960 size: it would be the same picture.
    expect(storedImageWidths('/products/3f2a-9c_800w.webp')).toEqual([
      { path: '/products/3f2a-9c_320w.webp', width: 320 },
      { path: '/products/3f2a-9c_640w.webp', width: 640 },
      { path: '/products/3f2a-9c_800w.webp', width: 800 },
    ]);
    expect(storedImageWidths('/categories/tea_640w.webp')?.map(({ width }) => width)).toEqual([
      320, 640,
    ]);
    expect(storedImageWidths('/carousel/raw-honey_1600w.webp')?.at(-1)?.width).toBe(1600);
    expect(storedImageWidths('/products/tiny_200w.webp')).toEqual([
      { path: '/products/tiny_200w.webp', width: 200 },
    ]);
    expect(imageSizesOf('/products/tiny_200w.webp')).toEqual([]);
    expect(imageSizesOf(banner).map(({ path }) => path)).not.toContain(banner);
  });

  it('a picture stored before its width was in its name keeps its sizes of every width', () => {
    expect(storedImageWidths('/products/3f2a.webp')).toEqual([
      { path: '/products/3f2a-w320.webp', width: 320 },
      { path: '/products/3f2a-w640.webp', width: 640 },
      { path: '/products/3f2a-w960.webp', width: 960 },
      { path: '/products/3f2a.webp', width: MAX_IMAGE_SIDE },
    ]);
  });

  it('knows which pictures have sizes: WebP pictures of the catalogue folders, not a size itself', () => {
    for (const path of [
      '/products/3f2a-9c.webp',
      '/products/3f2a-9c_1200w.webp',
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
