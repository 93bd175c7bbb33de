import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '@shop/shared';
import { loadLanguage } from '../../i18n/catalogues.js';
import { callsTo, type FetchCall } from '../../test/fetch-stub.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import { stubAccountsApi } from '../accounts/accounts-test-kit.js';
import ProductPage from '../catalog/product-detail/product-page.js';
import ProductReviews from './product-reviews.js';
import { RatingStars } from './review-parts.js';
import { productReview, ratingSummary } from './reviews-test-kit.js';

const productId = '4b1f3a52-7c2e-4f9e-9a41-0d6c2f1e8a01';
const ratingPath = `/api/reviews/rating/${productId}`;
const listPath = `/api/reviews/product/${productId}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderBlock(answers: Record<string, unknown>) {
  const calls = stubAccountsApi(answers);
  renderWithShop(<ProductReviews productId={productId} />);
  return calls;
}

const block = () => screen.getByRole('region', { name: 'Reviews and Ratings' });
const starsOf = (element: Element) =>
  Array.from(element.querySelectorAll('[data-star]')).map((star) => star.getAttribute('data-star'));
const listCalls = (calls: FetchCall[]) =>
  callsTo(calls, 'GET', listPath).map((call) => call.query.get('sort'));
const reviewItems = async () =>
  within(await screen.findByRole('list', { name: 'Reviews and Ratings' })).getAllByRole('listitem');

describe('the Ratings and reviews block', () => {
  it('RATING-01 RATING-02 RATING-03 shows the average to one decimal, the count and a bar per star', async () => {
    renderBlock({
      [`GET ${ratingPath}`]: ratingSummary([2, 1, 0, 0, 0], 4.67),
      [`GET ${listPath}`]: [],
    });
    expect((await screen.findByTestId('average-rating')).textContent).toBe('4.7');
    expect(within(block()).getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeTruthy();
    expect(within(block()).getByText('3 Reviews')).toBeTruthy();
    const bars = within(block()).getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '5 stars',
      '4 stars',
      '3 stars',
      '2 stars',
      '1 star',
    ]);
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual([
      '67',
      '33',
      '0',
      '0',
      '0',
    ]);
    expect((bars[0]?.firstElementChild as HTMLElement).style.width).toBe('67%');
    expect(block().textContent).toContain('67%');
  });

  it("RATING-02 says 'Review' for exactly one review", async () => {
    renderBlock({
      [`GET ${ratingPath}`]: ratingSummary([0, 0, 1, 0, 0], 3),
      [`GET ${listPath}`]: [productReview({ rating: 3 })],
    });
    expect(await screen.findByText('1 Review')).toBeTruthy();
    expect(screen.getByTestId('average-rating').textContent).toBe('3.0');
  });

  it('RATING-04 stars show a half star from a fraction of 0.5', () => {
    const { container } = render(
      <>
        <RatingStars value={4.5} />
        <RatingStars value={4.4} />
      </>,
    );
    const [half, whole] = Array.from(container.children);
    expect(half?.getAttribute('aria-label')).toBe('Rated 4.5 out of 5');
    expect(starsOf(half as Element)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starsOf(whole as Element)).toEqual(['full', 'full', 'full', 'full', 'empty']);
  });

  it('RATING-04 the summary stars follow the shown average', async () => {
    renderBlock({
      [`GET ${ratingPath}`]: ratingSummary([1, 1, 0, 0, 0], 4.46),
      [`GET ${listPath}`]: [],
    });
    const stars = await screen.findByRole('img', { name: 'Rated 4.5 out of 5' });
    expect(starsOf(stars)).toEqual(['full', 'full', 'full', 'full', 'half']);
  });

  it('RATING-05 RATING-06 REVIEW-10 the four sorts each ask the server again', async () => {
    const calls = renderBlock({
      [`GET ${ratingPath}`]: ratingSummary([1, 0, 0, 0, 0], 5),
      [`GET ${listPath}`]: [productReview()],
    });
    await reviewItems();
    const select = screen.getByRole('combobox', { name: 'Sort reviews' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'Date: New to Old',
      'Date: Old to New',
      'Rating: High to Low',
      'Rating: Low to High',
    ]);
    expect(select.value).toBe('date:-1');
    for (const sort of ['date:1', 'rating:-1', 'rating:1', 'date:-1']) {
      fireEvent.change(select, { target: { value: sort } });
      await waitFor(() => expect(listCalls(calls).at(-1)).toBe(sort));
    }
    expect(listCalls(calls)).toEqual(['date:-1', 'date:1', 'rating:-1', 'rating:1', 'date:-1']);
    expect(callsTo(calls, 'GET', ratingPath)).toHaveLength(1);
  });

  it('RATING-07 REVIEW-09 CONST-04 pages the fetched list in the browser, 15 per page', async () => {
    const reviews = Array.from({ length: 20 }, (_, index) =>
      productReview({ review: `Review number ${index + 1}` }),
    );
    const calls = renderBlock({
      [`GET ${ratingPath}`]: ratingSummary([20, 0, 0, 0, 0], 5),
      [`GET ${listPath}`]: reviews,
    });
    expect(await reviewItems()).toHaveLength(15);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const second = await reviewItems();
    expect(second).toHaveLength(5);
    expect(second[0]?.textContent).toContain('Review number 16');
    expect(callsTo(calls, 'GET', listPath)).toHaveLength(1);
  });

  it("RATING-08 RATING-09 RATING-10 each review shows its rating, 'x ago', text, name, images and 'Verified Purchase'", async () => {
    renderBlock({
      [`GET ${ratingPath}`]: ratingSummary([0, 1, 0, 0, 0], 4),
      [`GET ${listPath}`]: [
        productReview({
          rating: 4,
          review: 'Lovely honey, will buy again',
          images: ['/reviews/a1.webp', '/reviews/b2.webp'],
          date: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000 - 60_000).toISOString(),
          user: { name: 'Kari Nordmann' },
        }),
      ],
    });
    const [item] = await reviewItems();
    const review = within(item as HTMLElement);
    expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(review.getByText('3 days ago')).toBeTruthy();
    expect(review.getByText('Lovely honey, will buy again')).toBeTruthy();
    expect(review.getByText('Kari Nordmann')).toBeTruthy();
    expect(review.getByText('Verified Purchase')).toBeTruthy();
    const image = review.getByRole('img', { name: 'Review image 2 of 2' });
    expect(image.getAttribute('src')).toBe('/uploads/reviews/b2.webp');
  });

  it("RATING-11 ERR-27 a product without reviews shows 'No reviews found'", async () => {
    renderBlock({
      [`GET ${ratingPath}`]: ratingSummary([0, 0, 0, 0, 0], 0),
      [`GET ${listPath}`]: [],
    });
    expect(await screen.findByText('No reviews found')).toBeTruthy();
    expect(screen.getByText('0 Reviews')).toBeTruthy();
  });

  it('ERR-26 a failed load shows the load error', async () => {
    renderBlock({});
    await waitFor(() =>
      expect(screen.getAllByText('Some error occured. Please try again later.')).toHaveLength(2),
    );
  });

  it('ROLE-04 a visitor reads reviews without logging in', async () => {
    const calls = renderBlock({
      [`GET ${ratingPath}`]: ratingSummary([1, 0, 0, 0, 0], 5),
      [`GET ${listPath}`]: [productReview({ review: 'Open to everyone' })],
    });
    expect(await screen.findByText('Open to everyone')).toBeTruthy();
    expect(calls.every((call) => call.authorization === undefined)).toBe(true);
  });
});

describe('the product page', () => {
  const product: ProductDetail = {
    _id: productId,
    name: 'Forest Honey',
    slug: 'forest-honey',
    heroImage: '/products/honey.webp',
    price: 120,
    sellingPrice: 120,
    discount: 0,
    stock: 5,
    orderLimit: 3,
    category: { _id: '6d2e8f14-3a5b-4c7d-8e9f-1a2b3c4d5e60', name: 'Honey', slug: 'honey' },
    gallery: [],
    options: [{ name: 'Size', values: ['250 g', '500 g'] }],
    variants: { Size: '250 g' },
    information: [],
    description: '',
    related: [],
  };
  const bigJar = {
    ...product,
    _id: '4b1f3a52-7c2e-4f9e-9a41-0d6c2f1e8a02',
    variants: { Size: '500 g' },
  };

  beforeEach(() => {
    vi.stubGlobal('scrollTo', vi.fn());
  });

  it("PDP-15 shows the 'Reviews and Ratings' block for the product, kept when another option is chosen", async () => {
    const calls = stubAccountsApi({
      'GET /api/products/forest-honey/slug': (call: FetchCall) =>
        call.query.get('Size') === '500 g' ? bigJar : product,
      [`GET ${ratingPath}`]: ratingSummary([1, 0, 0, 0, 0], 5),
      [`GET ${listPath}`]: [productReview({ review: 'Sweet and dark' })],
    });
    renderWithShop(<ProductPage />, { path: '/product/:slug', url: '/product/forest-honey' });
    expect(await screen.findByRole('region', { name: 'Reviews and Ratings' })).toBeTruthy();
    expect(await screen.findByText('Sweet and dark')).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Size' })).getByRole('button', { name: '500 g' }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/products/forest-honey/slug')).toHaveLength(2),
    );
    expect(await screen.findByText('Sweet and dark')).toBeTruthy();
    expect(callsTo(calls, 'GET', listPath)).toHaveLength(1);
    expect(calls.some((call) => call.path.includes(bigJar._id))).toBe(false);
  });

  it('speaks bokmål on a Norwegian page (issue 31.1)', async () => {
    stubAccountsApi({
      [`GET ${ratingPath}`]: ratingSummary([1, 0, 0, 0, 0], 5),
      [`GET ${listPath}`]: [productReview()],
    });
    renderWithShop(<ProductReviews productId={productId} />, { i18n: await loadLanguage('nb') });
    const region = screen.getByRole('region', { name: 'Anmeldelser og vurderinger' });
    expect(await within(region).findByText('1 anmeldelse')).toBeTruthy();
    expect(within(region).getByRole('img', { name: 'Vurdert til 5,0 av 5' })).toBeTruthy();
    expect(within(region).getAllByRole('progressbar')[0]?.getAttribute('aria-label')).toBe(
      '5 stjerner',
    );
    expect(within(region).getByRole('combobox', { name: 'Sorter anmeldelser' })).toBeTruthy();
    expect(within(region).getByRole('option', { name: 'Dato: nyeste først' })).toBeTruthy();
    expect(await within(region).findByText('Bekreftet kjøp')).toBeTruthy();
  });
});
