import { MAX_CLEANING_PHOTOS } from '@shop/shared';
import { responsiveImage } from '../../lib/image-url.js';
import { useCleaningGalleryQuery } from './cleaning-api.js';
import { useCleaningText } from './cleaning-i18n.js';

/** The page was drawn for six photos (CLEAN-04); as many placeholders hold their place. */
const USUAL_PHOTOS = 6;
/** Two photos a row on a phone, three from 768 px. */
const PHOTO_SIZES = '(min-width: 768px) 33vw, 50vw';
// The first photos are drawn 4:3 (800 × 600) and others are cropped to that shape; width and
// height let the browser keep their place while they load.
const PHOTO_WIDTH = 800;
const PHOTO_HEIGHT = 600;
const aspectRatio = `${PHOTO_WIDTH} / ${PHOTO_HEIGHT}`;

/**
 * Photos of the team's work (CLEAN-04), as staff keep them in the back office (issue 14); the
 * section is left out when they cannot load.
 */
export function CleaningGallery() {
  const t = useCleaningText();
  const { data, isError } = useCleaningGalleryQuery(undefined);
  const photos = data?.slice(0, MAX_CLEANING_PHOTOS);

  if (isError) return null;
  if (photos?.length === 0) return null;

  return (
    <section className="my-5" aria-labelledby="cleaning-gallery-title">
      <h2 id="cleaning-gallery-title" className="h3 mb-3">
        {t('cleaning.gallery.heading')}
      </h2>
      {!photos ? (
        <div role="status" aria-label={t('cleaning.gallery.loading')}>
          <ul className="row row-cols-2 row-cols-md-3 g-3 list-unstyled mb-0">
            {Array.from({ length: USUAL_PHOTOS }, (_, index) => (
              <li key={index} className="col placeholder-glow" aria-hidden="true">
                <div
                  className="placeholder d-block bg-secondary-subtle rounded w-100"
                  style={{ aspectRatio }}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <ul className="row row-cols-2 row-cols-md-3 g-3 list-unstyled mb-0">
          {photos.map((photo, index) => (
            <li key={`${index}-${photo.image}`} className="col">
              <img
                {...responsiveImage(photo.image, PHOTO_SIZES)}
                alt={photo.alt}
                width={PHOTO_WIDTH}
                height={PHOTO_HEIGHT}
                loading="lazy"
                decoding="async"
                className="img-fluid rounded w-100 h-auto object-fit-cover"
                style={{ aspectRatio }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
