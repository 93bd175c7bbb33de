import type { ReviewStatus } from '@shop/shared';

export const reviewStatusColours: Record<ReviewStatus, string> = {
  PENDING: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'secondary',
};
