import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop, uuid } from './catalog-test-kit.js';
import { HomeCarousel } from './home-carousel.js';

const slides = [1, 2, 3].map((n) => ({
  _id: uuid(),
  image: `/carousel/${n}.webp`,
  link: `/category/slide-${n}`,
}));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The slide whose indicator is marked current. */
const currentSlide = () =>
  screen
    .getAllByRole('button', { name: /^Slide \d$/ })
    .findIndex((indicator) => indicator.getAttribute('aria-current') === 'true');

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function swipe(distance: number) {
  const carousel = screen.getByRole('img', { name: 'Offer 1 of 3' }).closest('.carousel');
  if (!carousel) throw new Error('No carousel');
  fireEvent.touchStart(carousel, { touches: [{ clientX: 200 }] });
  fireEvent.touchMove(carousel, { touches: [{ clientX: 200 + distance }] });
  fireEvent.touchEnd(carousel, { touches: [] });
}

describe('Home carousel', () => {
  it('HOME-04 CONST-11 advances every 2000 ms', async () => {
    renderWithShop(<HomeCarousel slides={slides} />);
    expect(currentSlide()).toBe(0);
    await advance(1900);
    expect(currentSlide()).toBe(0);
    await advance(200);
    await advance(1000);
    expect(currentSlide()).toBe(1);
  });

  it('HOME-05 CONST-12 a swipe longer than 40 px changes the slide, a shorter one does not', async () => {
    renderWithShop(<HomeCarousel slides={slides} />);
    swipe(-40);
    await advance(700);
    expect(currentSlide()).toBe(0);
    swipe(-41);
    await advance(700);
    expect(currentSlide()).toBe(1);
    swipe(60);
    await advance(700);
    expect(currentSlide()).toBe(0);
  });

  it('HOME-02 names a slide by its alt text when it has one (issue 14)', () => {
    const [first, ...rest] = slides;
    if (!first) throw new Error('No slides');
    renderWithShop(
      <HomeCarousel
        slides={[{ ...first, alt: 'Jars of raw honey on a kitchen table' }, ...rest]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Jars of raw honey on a kitchen table' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Offer 2 of 3' })).toBeTruthy();
  });
});
