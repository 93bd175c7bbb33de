import { lazy } from 'react';

// Each page is its own chunk, loaded when its route is first shown: the first load stays small.

export const MyReviewsPage = lazy(() => import('./my-reviews-page.js'));
// Below the fold of the product page: it loads after the product is shown.
export const ProductReviews = lazy(() => import('./product-reviews.js'));
