import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { HistoryReview, ReviewRequest, ToReviewItem } from '@shop/shared';
import type { RootState } from '../../lib/store-hooks.js';
import { authRequest } from '../accounts/index.js';
import { failureMessage } from '../../lib/failure-message.js';
import {
  addFailed,
  addStarted,
  historyFailed,
  historyLoaded,
  historyStarted,
  reviewAdded,
  reviewUpdated,
  toReviewFailed,
  toReviewLoaded,
  toReviewStarted,
} from './reviews-slice.js';

type ReviewThunk<Result> = ThunkAction<Result, RootState, unknown, UnknownAction>;

/** What the dialog writes about: a bought product, or a rejected review to re-submit. */
export type ReviewTarget =
  { kind: 'add'; product: ToReviewItem } | { kind: 'update'; review: HistoryReview };

/** `GET /api/reviews/user`: bought products not reviewed yet (MYREV-03). */
export const fetchToReview = (): ReviewThunk<Promise<void>> => async (dispatch, getState) => {
  dispatch(toReviewStarted());
  try {
    const items = await authRequest(
      { dispatch, getState },
      '/api/reviews/user',
      (wire) => wire.toReviewItemsSchema,
    );
    dispatch(toReviewLoaded(items));
  } catch {
    dispatch(toReviewFailed());
  }
};

/** `GET /api/reviews/history`: the user's own reviews with their status (MYREV-10). */
export const fetchHistory = (): ReviewThunk<Promise<void>> => async (dispatch, getState) => {
  dispatch(historyStarted());
  try {
    const reviews = await authRequest(
      { dispatch, getState },
      '/api/reviews/history',
      (wire) => wire.historyReviewsSchema,
    );
    dispatch(historyLoaded(reviews));
  } catch {
    dispatch(historyFailed());
  }
};

/** `POST /api/upload` with the file in field `image`; answers the stored path (REVDLG-08). */
export const uploadReviewImage =
  (file: File): ReviewThunk<Promise<string>> =>
  async (dispatch, getState) => {
    const form = new FormData();
    form.append('image', file);
    return authRequest({ dispatch, getState }, '/api/upload', (wire) => wire.uploadResponseSchema, {
      method: 'POST',
      body: form,
    });
  };

/**
 * `POST /api/reviews/{productId}` for a new review, `PUT /api/reviews/{reviewId}` for a
 * re-submission (REVIEW-02), then the lists follow (REVIEW-03 to REVIEW-05). Resolves whether
 * it was saved; a failure's message is in the state (ERR-25).
 */
export const submitReview =
  (target: ReviewTarget, body: ReviewRequest): ReviewThunk<Promise<boolean>> =>
  async (dispatch, getState) => {
    dispatch(addStarted());
    const session = { dispatch, getState };
    try {
      if (target.kind === 'add') {
        const { product } = target;
        const saved = await authRequest(
          session,
          `/api/reviews/${product._id}`,
          (wire) => wire.reviewSchema,
          { method: 'POST', body },
        );
        // The answer names the product by id; history shows it with the name and image known here.
        dispatch(
          reviewAdded({
            ...saved,
            product: { _id: product._id, name: product.name, heroImage: product.image },
          }),
        );
      } else {
        const { review } = target;
        const saved = await authRequest(
          session,
          `/api/reviews/${review._id}`,
          (wire) => wire.reviewSchema,
          { method: 'PUT', body },
        );
        dispatch(reviewUpdated({ ...saved, product: review.product }));
      }
      return true;
    } catch (error) {
      dispatch(addFailed(failureMessage(error)));
      return false;
    }
  };
