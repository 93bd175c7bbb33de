import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryReview, ToReviewItem } from '@shop/shared';
import { loadLanguage } from '../../i18n/catalogues.js';
import { answer, callsTo, type FetchCall } from '../../test/fetch-stub.js';
import {
  profile,
  sessionUser,
  signedInStore,
  stubAccountsApi,
} from '../accounts/accounts-test-kit.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import MyReviewsPage from './my-reviews-page.js';
import { orderedDate } from './review-format.js';
import { historyReview, stubObjectUrls, toReviewItem } from './reviews-test-kit.js';

const toReviewPath = '/api/reviews/user';
const historyPath = '/api/reviews/history';
const loadError = 'Some error occured. Please try again later.';
const goodText = 'Smooth and fresh, good value.';

beforeEach(() => {
  stubObjectUrls();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage(
  toReview: unknown,
  history: unknown,
  more: Record<string, unknown> = {},
  store = signedInStore(),
) {
  const calls = stubAccountsApi({
    'GET /api/subscribers/profile': { user: profile() },
    [`GET ${toReviewPath}`]: toReview,
    [`GET ${historyPath}`]: history,
    ...more,
  });
  const result = renderWithShop(<MyReviewsPage />, { path: '/reviews', url: '/reviews', store });
  return { ...result, calls };
}

const panel = () => screen.getByRole('tabpanel');
const openHistory = () => fireEvent.click(screen.getByRole('tab', { name: 'History' }));
const entriesOf = async (name: string) =>
  Array.from((await screen.findByRole('list', { name })).children) as HTMLElement[];
const entries = () => entriesOf('To Review');
const historyEntries = () => entriesOf('History');

describe('My Reviews', () => {
  it("MYREV-01 MYREV-02 shows 'My Reviews' in the account area, 'To Review' selected, with the Bearer token", async () => {
    const { calls } = renderPage([], []);
    expect(screen.getByRole('heading', { name: 'My Reviews' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Reviews' }).ariaCurrent).toBe('page');
    expect(screen.getByRole('tab', { name: 'To Review' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe(
      'false',
    );
    await screen.findByText('There is no item to review');
    expect(callsTo(calls, 'GET', toReviewPath)[0]?.authorization).toBe('Bearer access-1');
    expect(callsTo(calls, 'GET', historyPath)[0]?.authorization).toBe('Bearer access-1');
  });

  it('ROLE-04 AREA-03 a visitor goes to /login', () => {
    const calls = stubAccountsApi({});
    const { location } = renderWithShop(<MyReviewsPage />, { path: '/reviews', url: '/reviews' });
    expect(location().pathname).toBe('/login');
    expect(callsTo(calls, 'GET', toReviewPath)).toHaveLength(0);
  });

  it('AREA-03 a guest goes to /login', () => {
    const { location } = renderPage([], [], {}, signedInStore(sessionUser({ provider: 'guest' })));
    expect(location().pathname).toBe('/login');
  });

  it("MYREV-03 MYREV-05 MYREV-06 MYREV-07 CONST-08 CONST-42 each product to review shows image, cut name, category, 'Ordered on' and 'Review'", async () => {
    const long = toReviewItem({
      name: 'Handwoven Wool Blanket, Indigo Blue, 150 x 200 cm',
      image: '/products/blanket.webp',
      category: 'Handicrafts',
      date: '2025-03-05T12:00:00.000Z',
    });
    const short = toReviewItem({ name: 'Green tea' });
    renderPage([long, short], []);
    const [first, second] = await entries();
    const item = within(first as HTMLElement);
    expect(item.getByText('Handwoven Wool Blanket, Indigo...')).toBeTruthy();
    expect(first?.querySelector('img')?.getAttribute('src')).toBe('/uploads/products/blanket.webp');
    expect(item.getByText('Handicrafts')).toBeTruthy();
    expect(first?.textContent).toContain(`Ordered on ${orderedDate('en', long.date)}`);
    expect(orderedDate('en', long.date)).toMatch(/^0[45]\/03\/2025$/);
    expect(item.getByRole('button', { name: 'Review' })).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Green tea')).toBeTruthy();
  });

  it('MYREV-04 CONST-05 REVIEW-09 shows 10 products per page', async () => {
    const items = Array.from({ length: 23 }, (_, index) =>
      toReviewItem({ name: `Item ${index + 1}` }),
    );
    const { calls } = renderPage(items, []);
    expect(await entries()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    const last = await entries();
    expect(last).toHaveLength(3);
    expect(last[0]?.textContent).toContain('Item 21');
    expect(callsTo(calls, 'GET', toReviewPath)).toHaveLength(1);
  });

  it("MYREV-09 ERR-29 nothing to review shows 'There is no item to review' with 'Continue Shopping' to /", async () => {
    renderPage([], []);
    expect(await screen.findByText('There is no item to review')).toBeTruthy();
    expect(
      within(panel()).getByRole('link', { name: 'Continue Shopping' }).getAttribute('href'),
    ).toBe('/');
  });

  it('MYREV-10 MYREV-11 MYREV-12 MYREV-13 REVIEW-01 History lists the reviews, 10 per page, with badge, product, stars, time, text and images', async () => {
    const accepted = historyReview({
      status: 'ACCEPTED',
      rating: 5,
      review: 'Best honey in Oslo',
      images: ['/reviews/jar.webp'],
      date: new Date(Date.now() - 2 * 60 * 60 * 1000 - 1000).toISOString(),
      product: {
        _id: '9e000000-0000-4000-8000-0000000000aa',
        name: 'Organic Forest Honey from Telemark',
        heroImage: '/products/honey.webp',
      },
    });
    const pending = historyReview({ status: 'PENDING' });
    const rest = Array.from({ length: 10 }, () => historyReview({ status: 'PENDING' }));
    renderPage([], [accepted, pending, ...rest]);
    openHistory();
    const page = await historyEntries();
    expect(page).toHaveLength(10);
    const first = within(page[0] as HTMLElement);
    expect(first.getByText('Approved')).toBeTruthy();
    expect(first.getByText('Organic Forest Honey from Tele...')).toBeTruthy();
    expect(page[0]?.querySelector('img')?.getAttribute('src')).toBe('/uploads/products/honey.webp');
    expect(first.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(first.getByText('2 hours ago')).toBeTruthy();
    expect(first.getByText('Best honey in Oslo')).toBeTruthy();
    expect(first.getByRole('img', { name: 'Review image 1 of 1' }).getAttribute('src')).toBe(
      '/uploads/reviews/jar.webp',
    );
    expect(within(page[1] as HTMLElement).getByText('Pending')).toBeTruthy();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Page 2' }));
    expect(await historyEntries()).toHaveLength(2);
  });

  it("MYREV-12 MYREV-14 MYREV-16 only a rejected review shows 'Rejected', 'Remarks:' and 'Re-submit'", async () => {
    const rejected = historyReview({
      status: 'REJECTED',
      remarks: 'Please leave out the phone number',
    });
    renderPage([], [historyReview({ status: 'ACCEPTED' }), historyReview(), rejected]);
    openHistory();
    const [accepted, pending, refused] = await historyEntries();
    expect(within(refused as HTMLElement).getByText('Rejected')).toBeTruthy();
    expect(refused?.textContent).toContain('Remarks: Please leave out the phone number');
    expect(within(refused as HTMLElement).getByRole('button', { name: 'Re-submit' })).toBeTruthy();
    for (const other of [accepted, pending]) {
      expect(other?.textContent).not.toContain('Remarks:');
      expect(within(other as HTMLElement).queryByRole('button', { name: 'Re-submit' })).toBeNull();
    }
  });

  it("MYREV-17 ERR-30 no reviews shows 'You have not given any reviews yet' with 'Give Reviews' to /orders", async () => {
    renderPage([], []);
    openHistory();
    expect(await within(panel()).findByText('You have not given any reviews yet')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Give Reviews' }).getAttribute('href')).toBe(
      '/orders',
    );
  });

  it('MYREV-18 ERR-26 a failed load of either list shows the load error', async () => {
    renderPage(answer(500, { message: 'Database down' }), answer(500, { message: 'Down' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe(loadError);
    openHistory();
    expect((await within(panel()).findByRole('alert')).textContent).toBe(loadError);
  });

  it("MYREV-08 REVIEW-04 REVIEW-05 'Review' opens 'Add Review'; the saved review tops History and leaves To Review", async () => {
    const honey = toReviewItem({ name: 'Forest honey', image: '/products/honey.webp' });
    const tea = toReviewItem({ name: 'Green tea' });
    const older = historyReview({ status: 'ACCEPTED', review: 'An older review' });
    const { calls } = renderPage([honey, tea], [older], {
      [`POST /api/reviews/${honey._id}`]: (call: FetchCall) =>
        answer(201, {
          ...(call.body as object),
          _id: '9e000000-0000-4000-8000-00000000b001',
          product: honey._id,
          date: new Date().toISOString(),
          status: 'PENDING',
          remarks: '',
        }),
    });
    const [first] = await entries();
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Review' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Add Review' })).toBeTruthy();
    expect(within(dialog).getByText('Forest honey')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: goodText } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByRole('button', { name: 'Submitted' });
    act(() => vi.advanceTimersByTime(2000));
    vi.useRealTimers();
    expect(callsTo(calls, 'POST', `/api/reviews/${honey._id}`)[0]?.body).toEqual({
      rating: 5,
      review: goodText,
      images: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const left = await entries();
    expect(left).toHaveLength(1);
    expect(left[0]?.textContent).toContain('Green tea');
    openHistory();
    const [added, previous] = await historyEntries();
    expect(added?.textContent).toContain('Forest honey');
    expect(added?.textContent).toContain(goodText);
    expect(within(added as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(previous?.textContent).toContain('An older review');
  });

  it("MYREV-15 REVDLG-11 REVIEW-02 REVIEW-03 'Re-submit' opens 'Update Review' filled in; the answer replaces the review in place", async () => {
    const first = historyReview({ status: 'ACCEPTED', review: 'First in the list' });
    const rejected: HistoryReview = historyReview({
      status: 'REJECTED',
      rating: 1,
      review: 'Call me on 912 34 567',
      remarks: 'No phone numbers',
    });
    const last = historyReview({ status: 'PENDING', review: 'Last in the list' });
    const { calls } = renderPage([] as ToReviewItem[], [first, rejected, last], {
      [`PUT /api/reviews/${rejected._id}`]: (call: FetchCall) => ({
        ...(call.body as object),
        _id: rejected._id,
        product: rejected.product._id,
        date: new Date().toISOString(),
        status: 'PENDING',
        remarks: '',
      }),
    });
    openHistory();
    const entriesBefore = await historyEntries();
    fireEvent.click(
      within(entriesBefore[1] as HTMLElement).getByRole('button', { name: 'Re-submit' }),
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Update Review' })).toBeTruthy();
    expect(
      (within(dialog).getByRole('radio', { name: '1 star' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe(
      'Call me on 912 34 567',
    );
    fireEvent.input(within(dialog).getByRole('textbox'), {
      target: { value: 'Strong taste, a bit too sweet for me.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByRole('button', { name: 'Submitted' });
    expect(callsTo(calls, 'PUT', `/api/reviews/${rejected._id}`)).toHaveLength(1);
    const after = await historyEntries();
    expect(after.map((item) => item.textContent)).toEqual([
      expect.stringContaining('First in the list'),
      expect.stringContaining('Strong taste, a bit too sweet for me.'),
      expect.stringContaining('Last in the list'),
    ]);
    expect(within(after[1] as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(after[1]?.textContent).not.toContain('Remarks:');
    expect(after[1]?.textContent).toContain(rejected.product.name);
  });

  it('speaks bokmål on a Norwegian page, with the ordered day as 5. mars 2025 (issue 31.1, 31.4)', async () => {
    stubAccountsApi({
      'GET /api/subscribers/profile': { user: profile() },
      [`GET ${toReviewPath}`]: [
        toReviewItem({ name: 'Green tea', date: '2025-03-05T12:00:00.000Z' }),
      ],
      [`GET ${historyPath}`]: [historyReview({ status: 'REJECTED', remarks: 'Blurry photo' })],
    });
    renderWithShop(<MyReviewsPage />, {
      path: '/reviews',
      url: '/reviews',
      store: signedInStore(),
      i18n: await loadLanguage('nb'),
    });
    expect(screen.getByRole('heading', { name: 'Mine anmeldelser' })).toBeTruthy();
    const [item] = await entriesOf('Til anmeldelse');
    expect(item?.textContent).toContain('Bestilt 5. mars 2025');
    expect(
      within(item as HTMLElement).getByRole('button', { name: 'Skriv anmeldelse' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Historikk' }));
    const [rejected] = await entriesOf('Historikk');
    expect(rejected?.textContent).toContain('Avvist');
    expect(rejected?.textContent).toContain('Merknad: Blurry photo');
    fireEvent.click(within(rejected as HTMLElement).getByRole('button', { name: 'Send på nytt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Endre anmeldelse' });
    expect(
      within(dialog).getByRole('textbox', { name: 'Din anmeldelse' }).getAttribute('placeholder'),
    ).toBe('Skriv en anmeldelse …');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});
