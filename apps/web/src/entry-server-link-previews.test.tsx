// @vitest-environment node
// Issue 29.12: every page the server renders carries an og:image, an absolute URL of the shop's
// own pictures: the text pages the shop's picture, the cleaning page its first photo.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from './features/catalog/catalog-test-kit.js';
import { galleryPhotos, serviceTiles } from './features/cleaning/cleaning-test-kit.js';
import { renderPage } from './entry-server.js';
import { servedShop } from './test/shop-details-answer.js';
import { defaultPageAnswers } from './test/static-page-answer.js';

const origin = 'https://shop.example';
const shopImage = `${origin}/uploads/cleaning/cleaning-1.webp`;

afterEach(() => {
  vi.unstubAllGlobals();
});

const headOf = async (url: string) => (await renderPage({ url, shop: servedShop, origin }))?.head;

describe('link previews of the text and cleaning pages (issue 29.12)', () => {
  it('the text pages show the shop’s picture, at an absolute address', async () => {
    stubApi(defaultPageAnswers());
    for (const path of [
      '/about',
      '/terms-conditions',
      '/refund',
      '/return',
      '/privacy',
      '/delivery-terms-conditions',
    ])
      expect((await headOf(path))?.image, path).toBe(shopImage);
  });

  it('the cleaning page shows its first photo, or the shop’s picture while it has none', async () => {
    // A photo the staff put first.
    const gallery = [
      { image: '/cleaning-gallery/3f2a_1200w.webp', alt: 'A spotless kitchen' },
      ...galleryPhotos,
    ];
    stubApi({ 'GET /api/cleaning/gallery': gallery, 'GET /api/cleaning/services': serviceTiles });
    expect((await headOf('/cleaning'))?.image).toBe(
      `${origin}/uploads/cleaning-gallery/3f2a_1200w.webp`,
    );

    stubApi({ 'GET /api/cleaning/gallery': [], 'GET /api/cleaning/services': serviceTiles });
    expect((await headOf('/cleaning'))?.image).toBe(shopImage);
  });
});
