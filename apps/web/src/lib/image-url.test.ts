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

describe('imageSrcSet and responsiveImage (issue 12)', () => {
  it('issue 29.15: lists only the sizes stored of a picture and the picture by its own width: no 1600w for a 1,200 px one', async () => {
    const { imageSrcSet } = await loadWithApiOrigin('https://api.shop.example');
    const at = (file: string) => `https://api.shop.example/uploads/campaigns/${file}`;
    expect(imageSrcSet('/campaigns/winter_1200w.webp')).toBe(
      [
        `${at('winter_320w.webp')} 320w`,
        `${at('winter_640w.webp')} 640w`,
        `${at('winter_960w.webp')} 960w`,
        `${at('winter_1200w.webp')} 1200w`,
      ].join(', '),
    );
    // An 800 px picture: no 960 size, and itself as 800w.
    expect(imageSrcSet('/products/3f2a_800w.webp')?.split(', ')).toEqual([
      'https://api.shop.example/uploads/products/3f2a_320w.webp 320w',
      'https://api.shop.example/uploads/products/3f2a_640w.webp 640w',
      'https://api.shop.example/uploads/products/3f2a_800w.webp 800w',
    ]);
  });

  it('a picture stored before its width was in its name: its sizes of every width and itself by the widest', async () => {
    const { imageSrcSet } = await loadWithApiOrigin('https://api.shop.example');
    const at = (file: string) => `https://api.shop.example/uploads/products/${file}`;
    expect(imageSrcSet('/products/3f2a-honey.webp')).toBe(
      [
        `${at('3f2a-honey-w320.webp')} 320w`,
        `${at('3f2a-honey-w640.webp')} 640w`,
        `${at('3f2a-honey-w960.webp')} 960w`,
        `${at('3f2a-honey.webp')} 1600w`,
      ].join(', '),
    );
    for (const folder of ['categories', 'carousel', 'campaigns'])
      expect(imageSrcSet(`/${folder}/x.webp`)).toContain(`/uploads/${folder}/x-w640.webp 640w`);
  });

  it('gives none to pictures without sizes: review and cleaning photos, other origins, a size itself, no picture', async () => {
    const { imageSrcSet } = await loadWithApiOrigin('');
    for (const path of [
      '/reviews/3f2a.webp',
      '/cleaning/cleaning-1.webp',
      'https://cdn.example/products/x.webp',
      '/products/x.jpg',
      '/products/x-w640.webp',
      '',
      undefined,
    ])
      expect(imageSrcSet(path), String(path)).toBeUndefined();
  });

  it('answers src alone, or src with srcSet and sizes', async () => {
    const { responsiveImage, DEFAULT_PRODUCT_IMAGE } = await loadWithApiOrigin('');
    expect(responsiveImage('/carousel/honey.webp', '100vw')).toEqual({
      src: '/uploads/carousel/honey.webp',
      srcSet: expect.stringContaining('/uploads/carousel/honey-w320.webp 320w'),
      sizes: '100vw',
    });
    expect(responsiveImage('/reviews/a.webp', '100vw')).toEqual({ src: '/uploads/reviews/a.webp' });
    expect(responsiveImage('', '100vw')).toEqual({ src: DEFAULT_PRODUCT_IMAGE });
  });
});
