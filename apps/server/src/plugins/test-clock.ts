import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { testClockRequestSchema, testClockResponseSchema } from '@shop/shared';

export interface TestClock {
  /** The shop's time: the real one, moved by the last `set`. */
  now(): Date;
  /** Makes `now()` answer `at` from this moment on (and time runs on from there); null undoes it. */
  set(at: Date | null): void;
}

/** A clock the browser journeys can move, built on the app's own (the real time, or a test's). */
export function createTestClock(base: () => Date): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base().getTime() + offsetMs),
    set(at) {
      offsetMs = at === null ? 0 : at.getTime() - base().getTime();
    },
  };
}

/**
 * `PUT /api/test/clock`: registered only when NODE_ENV=test and TEST_CLOCK=true (the browser
 * journeys' server), so a journey can see a sale start and end without waiting for the weekend.
 * `afterMove` runs what the new time makes due before the answer, so the journey's next page
 * already shows it.
 */
export const testClockRoutes: FastifyPluginAsync<{
  clock: TestClock;
  afterMove: () => Promise<unknown>;
}> = async (instance, { clock, afterMove }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/test/clock',
    {
      schema: {
        hide: true,
        body: testClockRequestSchema,
        response: { 200: testClockResponseSchema },
      },
    },
    async (request) => {
      clock.set(request.body.now === null ? null : new Date(request.body.now));
      await afterMove();
      return { now: clock.now().toISOString() };
    },
  );
};
