import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview } from '@shop/shared';
import { ToastProvider } from '../../components/toasts.js';
import { renderWithQueries } from '../../test/render.js';
import ReviewsPage from './reviews-page.js';

// The moderation queue in the staff member's language (issue 31.1).

const review: AdminReview = {
  _id: '11111111-1111-4111-8111-111111111111',
  product: '22222222-2222-4222-8222-222222222222',
  productName: 'Lynghonning',
  productSlug: 'lynghonning',
  userId: '33333333-3333-4333-8333-333333333333',
  userName: 'Maja',
  userEmail: 'maja@example.no',
  rating: 4,
  review: 'God honning.',
  images: [],
  date: '2030-06-05T10:00:00.000Z',
  submittedAt: '2030-06-05T10:00:00.000Z',
  status: 'PENDING',
  remarks: '',
};

afterEach(() => vi.unstubAllGlobals());

const queue = (locale: 'en' | 'nb') => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ reviews: [review], total: 1, page: 1, pageSize: 20 }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  renderWithQueries(
    <ToastProvider>
      <MemoryRouter>
        <ReviewsPage />
      </MemoryRouter>
    </ToastProvider>,
    { locale },
  );
};

describe('the review queue', () => {
  it('speaks bokmål to a Norwegian staff member', async () => {
    queue('nb');
    expect(screen.getByRole('heading', { name: 'Anmeldelser' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: '4 av 5 stjerner' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Anmeldelser som venter' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Godkjenn' })).toBeTruthy();
    expect(screen.getByText(/^Av Maja \(.*\) · skrevet 5\. juni 2030 kl\. 12\.00$/)).toBeTruthy();
  });

  it('keeps its English words', async () => {
    queue('en');
    expect(await screen.findByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'maja@example.no' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject…' })).toBeTruthy();
  });
});
