import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HistoryReview, ToReviewItem } from '@shop/shared';
import { loggedOut } from '../accounts/index.js';

/**
 * The review state of spec §3 (REVIEW-11). A list is null until it has been loaded, so the page
 * can tell "not loaded yet" from "empty". The add flags cover re-submissions too.
 */
export interface ReviewsState {
  reviewedData: HistoryReview[] | null;
  toReviewData: ToReviewItem[] | null;
  isAddLoading: boolean;
  isAddError: boolean;
  addMessage: string;
  isToReviewLoading: boolean;
  isToReviewError: boolean;
  isHistoryLoading: boolean;
  isHistoryError: boolean;
}

const initialReviews = (): ReviewsState => ({
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

export const reviewsSlice = createSlice({
  name: 'reviews',
  initialState: initialReviews,
  reducers: {
    toReviewStarted(state) {
      state.isToReviewLoading = true;
      state.isToReviewError = false;
    },
    toReviewLoaded(state, { payload }: PayloadAction<ToReviewItem[]>) {
      state.isToReviewLoading = false;
      state.toReviewData = payload;
    },
    toReviewFailed(state) {
      state.isToReviewLoading = false;
      state.isToReviewError = true;
    },
    historyStarted(state) {
      state.isHistoryLoading = true;
      state.isHistoryError = false;
    },
    historyLoaded(state, { payload }: PayloadAction<HistoryReview[]>) {
      state.isHistoryLoading = false;
      state.reviewedData = payload;
    },
    historyFailed(state) {
      state.isHistoryLoading = false;
      state.isHistoryError = true;
    },
    /** A dialog opens with no outcome of an earlier one. */
    addReset(state) {
      state.isAddLoading = false;
      state.isAddError = false;
      state.addMessage = '';
    },
    addStarted(state) {
      state.isAddLoading = true;
      state.isAddError = false;
      state.addMessage = '';
    },
    /** The new review goes to the top of history and its product leaves to-review (REVIEW-04, REVIEW-05). */
    reviewAdded(state, { payload }: PayloadAction<HistoryReview>) {
      state.isAddLoading = false;
      state.reviewedData?.unshift(payload);
      if (state.toReviewData) {
        state.toReviewData = state.toReviewData.filter((item) => item._id !== payload.product._id);
      }
    },
    /** The answered review replaces the old one where it was (REVIEW-03). */
    reviewUpdated(state, { payload }: PayloadAction<HistoryReview>) {
      state.isAddLoading = false;
      if (state.reviewedData) {
        state.reviewedData = state.reviewedData.map((review) =>
          review._id === payload._id ? payload : review,
        );
      }
    },
    /** Spec §8: the server's message, else the error's (ERR-25). */
    addFailed(state, { payload }: PayloadAction<string>) {
      state.isAddLoading = false;
      state.isAddError = true;
      state.addMessage = payload;
    },
  },
  // Another user signing in on this browser must not see these lists.
  extraReducers: (builder) => builder.addCase(loggedOut, initialReviews),
});

export const {
  toReviewStarted,
  toReviewLoaded,
  toReviewFailed,
  historyStarted,
  historyLoaded,
  historyFailed,
  addReset,
  addStarted,
  reviewAdded,
  reviewUpdated,
  addFailed,
} = reviewsSlice.actions;
