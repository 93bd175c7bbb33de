import { z } from 'zod';
import { answerText } from './common.js';

/**
 * The browser journeys' clock (`PUT /api/test/clock`): only on a server started with
 * NODE_ENV=test and TEST_CLOCK=true, never in production.
 */
export const testClockRequestSchema = z.object({
  /** The moment the shop's clock should show now; null puts it back to the real time. */
  now: z.iso
    .datetime({ offset: true, error: 'now must be a date and time with its offset, or null' })
    .nullable(),
});
export type TestClockRequest = z.input<typeof testClockRequestSchema>;

export const testClockResponseSchema = z.object({ now: answerText() });
export type TestClockResponse = z.infer<typeof testClockResponseSchema>;
