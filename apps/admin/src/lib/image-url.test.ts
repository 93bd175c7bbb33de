import { describe, expect, it } from 'vitest';
import { imageUrl, previewUrl } from './image-url.js';

describe('the back office pictures (issue 29.15)', () => {
  it('shows a "no image" picture for a product or an order line without one, never a broken /uploads/', () => {
    for (const shown of [imageUrl(''), previewUrl('')]) {
      expect(shown).not.toMatch(/^\/uploads/);
      expect(shown).toMatch(/no-image|^data:image\/svg\+xml/);
    }
  });

  it('previews the narrowest stored size: 320 px, or the picture itself when it is narrower', () => {
    expect(previewUrl('/products/3f2a_1200w.webp')).toBe('/uploads/products/3f2a_320w.webp');
    expect(previewUrl('/categories/tea_200w.webp')).toBe('/uploads/categories/tea_200w.webp');
    expect(previewUrl('/products/old-upload.webp')).toBe('/uploads/products/old-upload-w320.webp');
    expect(previewUrl('/reviews/3f2a.webp')).toBe('/uploads/reviews/3f2a.webp');
  });
});
