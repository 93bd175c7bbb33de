import { z } from 'zod';

/** Every failure the API answers has this body; clients show `message` (spec §8). */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Server messages that clients react to by their exact text. */
export const serverMessages = {
  notAuthorized: 'Not authorize, token failed',
  invalidId: 'Invalid id',
  internal: 'Something went wrong on our side. Please try again later.',
} as const;
