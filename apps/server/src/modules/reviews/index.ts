/** The reviews module's public face: the only file other modules and app.ts import. */
export {
  type AdminReview,
  listReviewsForModeration,
  moderateReview,
  moderationPage,
  reviewHistory,
} from './reviews.service.js';
export { reviewsModule } from './reviews.module.js';
