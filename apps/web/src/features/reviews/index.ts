// The feature's public face (issue 11): other features and app/ import only this file. Plain
// re-exports only, so the bundler can leave out what an importer does not use.
export { MyReviewsPage, ProductReviews } from './pages.js';

export { reviewsSlice } from './reviews-slice.js';
export { loadRatingSummary } from './review-api.js';
