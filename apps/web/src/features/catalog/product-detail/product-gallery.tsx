import { useRef, useState, type KeyboardEvent } from 'react';
import { responsiveImage } from '../../../lib/image-url.js';
import { useCatalogText } from '../catalog-i18n.js';

interface ProductGalleryProps {
  name: string;
  heroImage: string;
  gallery: string[];
  /** Alt text by image path, where the shop has written one. */
  imageAlts?: Record<string, string> | undefined;
}

const THUMBNAIL_SIZES = '72px';

/**
 * The main picture: half the container (a column) from 768 px; below, the container less the
 * thumbnails' column beside it (issue 29.11).
 */
export const MAIN_IMAGE_SIZES =
  '(min-width: 1400px) 636px, (min-width: 1200px) 546px, (min-width: 992px) 456px, (min-width: 768px) 336px, (min-width: 576px) 444px, calc(100vw - 96px)';

const stepKeys: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** The picture a product page opens with: the gallery's first, else the hero image. */
export const firstProductImage = (heroImage: string, gallery: string[]) => gallery[0] ?? heroImage;

/** The gallery with thumbnails, or the hero image alone when the product has no gallery (PDP-02, PDP-03). */
export function ProductGallery({ name, heroImage, gallery, imageAlts }: ProductGalleryProps) {
  const t = useCatalogText();
  const images = gallery.length > 0 ? gallery : [heroImage];
  const [shown, setShown] = useState(0);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(shown, images.length - 1);
  const shownPath = images[current];

  // Thumbnails form one tab stop moved by the arrow keys, as in a toolbar.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = stepKeys[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(current, images.length);
    setShown(next);
    thumbnails.current[next]?.focus();
  };

  return (
    <section aria-label={t('catalog.product.gallery')} className="product-gallery">
      <img
        {...responsiveImage(shownPath, MAIN_IMAGE_SIZES)}
        alt={
          (shownPath && imageAlts?.[shownPath]) ||
          (images.length > 1
            ? t('catalog.product.imageAlt', { name, index: current + 1, count: images.length })
            : name)
        }
        width={600}
        height={600}
        className="product-gallery__main img-fluid rounded border w-100 object-fit-contain bg-white"
        style={{ aspectRatio: '1 / 1' }}
      />
      {images.length > 1 && (
        <div
          role="group"
          aria-label={t('catalog.product.thumbnails')}
          className="product-gallery__thumbnails"
          onKeyDown={onKeyDown}
        >
          {images.map((path, index) => (
            <button
              key={`${path}-${index}`}
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              type="button"
              className={`product-gallery__thumbnail btn p-0 border ${index === current ? 'border-primary border-2' : ''}`}
              aria-label={t('catalog.product.showImage', {
                index: index + 1,
                count: images.length,
              })}
              aria-pressed={index === current}
              tabIndex={index === current ? 0 : -1}
              onClick={() => setShown(index)}
            >
              <img
                {...responsiveImage(path, THUMBNAIL_SIZES)}
                alt=""
                width={72}
                height={72}
                loading="lazy"
                className="rounded object-fit-cover d-block"
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
