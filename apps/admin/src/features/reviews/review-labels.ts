import type { ReviewStatus } from '@shop/shared';

/** A review's state as the staff read it; PENDING reviews wait in the moderation queue. */
export const reviewStatusNames: Record<ReviewStatus, string> = {
  PENDING: 'Waiting',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
};

export const reviewStatusColours: Record<ReviewStatus, string> = {
  PENDING: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'secondary',
};
