import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.js';
import { logout } from '../accounts/logout.js';
import { userStored } from '../accounts/session-slice.js';
import { sessionUser, stubAccountsApi } from '../accounts/accounts-test-kit.js';
import {
  addFailed,
  addStarted,
  historyFailed,
  historyLoaded,
  historyStarted,
  reviewAdded,
  reviewsSlice,
  reviewUpdated,
  toReviewLoaded,
  toReviewStarted,
} from './reviews-slice.js';
import { historyReview, toReviewItem } from './reviews-test-kit.js';

const reduce = reviewsSlice.reducer;

afterEach(() => vi.unstubAllGlobals());

describe('the review state', () => {
  it('REVIEW-11 holds reviewedData, toReviewData and the add, to-review and history flags', () => {
    const state = createStore().getState().reviews;
    expect(state).toEqual({
      reviewedData: null,
      toReviewData: null,
      isAddLoading: false,
      isAddError: false,
      addMessage: '',
      isToReviewLoading: false,
      isToReviewError: false,
      isHistoryLoading: false,
      isHistoryError: false,
    });
    const loading = reduce(reduce(state, toReviewStarted()), historyStarted());
    expect(loading.isToReviewLoading && loading.isHistoryLoading).toBe(true);
    const failed = reduce(loading, historyFailed());
    expect(failed).toMatchObject({ isHistoryLoading: false, isHistoryError: true });
    expect(reduce(reduce(state, addStarted()), addFailed('No'))).toMatchObject({
      isAddLoading: false,
      isAddError: true,
      addMessage: 'No',
    });
  });

  it('REVIEW-04 REVIEW-05 an added review goes to the top of history and its product leaves to-review', () => {
    const honey = toReviewItem();
    const tea = toReviewItem();
    const older = historyReview();
    let state = reduce(undefined, toReviewLoaded([honey, tea]));
    state = reduce(state, historyLoaded([older]));
    const added = historyReview({
      product: { _id: honey._id, name: honey.name, heroImage: honey.image },
    });
    state = reduce(reduce(state, addStarted()), reviewAdded(added));
    expect(state.reviewedData).toEqual([added, older]);
    expect(state.toReviewData).toEqual([tea]);
    expect(state.isAddLoading).toBe(false);
  });

  it('REVIEW-03 an updated review replaces the old one in place', () => {
    const [first, rejected, last] = [
      historyReview(),
      historyReview({ status: 'REJECTED' }),
      historyReview(),
    ];
    const state = reduce(undefined, historyLoaded([first, rejected, last]));
    const updated = { ...rejected, status: 'PENDING' as const, review: 'Better words now' };
    expect(reduce(state, reviewUpdated(updated)).reviewedData).toEqual([first, updated, last]);
  });

  it('logging out forgets the lists', () => {
    stubAccountsApi({ 'POST /api/subscribers/logout': {} });
    const store = createStore();
    store.dispatch(userStored(sessionUser()));
    store.dispatch(historyLoaded([historyReview()]));
    store.dispatch(logout());
    expect(store.getState().reviews.reviewedData).toBeNull();
  });
});
