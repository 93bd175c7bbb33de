import Carousel from 'react-bootstrap/Carousel';
import type { CarouselResponse } from '@shop/shared';
import { responsiveImage } from '../../lib/image-url.js';
import { useCatalogText } from './catalog-i18n.js';
import { SmartLink } from './smart-link.js';

type Slide = CarouselResponse['carousel'][number];

/** A slide is as wide as the window. */
const SLIDE_SIZES = '100vw';

/**
 * The home slides: they advance every 2000 ms (HOME-04) and react-bootstrap's touch
 * handling changes slide on a swipe longer than its 40 px threshold (HOME-05). Every slide has
 * the same 8:3 box, set before any image loads (see `.home-carousel__image`).
 */
export function HomeCarousel({ slides }: { slides: Slide[] }) {
  const t = useCatalogText();
  return (
    <section aria-label={t('catalog.carousel.label')}>
      <Carousel interval={2000} touch pause="hover" className="home-carousel">
        {slides.map((slide, index) => (
          <Carousel.Item key={slide._id}>
            <SmartLink to={slide.link} className="d-block">
              <img
                {...responsiveImage(slide.image, SLIDE_SIZES)}
                alt={
                  slide.alt ??
                  t('catalog.carousel.slideAlt', { index: index + 1, count: slides.length })
                }
                width={1600}
                height={600}
                className="d-block w-100 home-carousel__image"
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
            </SmartLink>
          </Carousel.Item>
        ))}
      </Carousel>
    </section>
  );
}

/** The carousel's box while the slides load, so the page below does not move when they come. */
export function HomeCarouselPlaceholder() {
  const t = useCatalogText();
  return (
    <div
      className="home-carousel placeholder-glow"
      role="status"
      aria-label={t('catalog.carousel.loading')}
    >
      <div className="home-carousel__frame placeholder w-100 d-block bg-secondary-subtle" />
    </div>
  );
}
