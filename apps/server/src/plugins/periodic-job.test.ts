import { afterEach, expect, it, vi } from 'vitest';
import { createPeriodicJob } from './periodic-job.js';

afterEach(() => {
  vi.useRealTimers();
});

it('runs at start and every interval, one run at a time, and stops waiting for a run in progress (issue 17.4)', async () => {
  vi.useFakeTimers();
  const finishers: (() => void)[] = [];
  const run = vi.fn(() => new Promise<void>((resolve) => finishers.push(resolve)));
  const job = createPeriodicJob({
    name: 'test job',
    intervalMinutes: 60,
    run,
    log: { error() {} },
  });

  job.start();
  job.start();
  expect(run).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(60 * 60_000);
  expect(run).toHaveBeenCalledTimes(1);
  finishers[0]?.();
  await vi.advanceTimersByTimeAsync(60 * 60_000);
  expect(run).toHaveBeenCalledTimes(2);

  let stopped = false;
  const stopping = job.stop().then(() => (stopped = true));
  await vi.advanceTimersByTimeAsync(0);
  expect(stopped).toBe(false);
  finishers[1]?.();
  await stopping;
  await vi.advanceTimersByTimeAsync(3 * 60 * 60_000);
  expect(run).toHaveBeenCalledTimes(2);
});

it('logs a failed run and runs again at the next interval (issue 17.4)', async () => {
  vi.useFakeTimers();
  const errors: string[] = [];
  const run = vi.fn(() => Promise.reject(new Error('database away')));
  const job = createPeriodicJob({
    name: 'test job',
    intervalMinutes: 1,
    run,
    log: { error: (_details, message) => errors.push(message) },
  });
  job.start();
  await vi.advanceTimersByTimeAsync(60_000);
  expect(run).toHaveBeenCalledTimes(2);
  expect(errors).toEqual(['test job failed', 'test job failed']);
  await job.stop();
});

it('(issue 16) with `alone`, runs each round under the lock named after the job; a round another process runs is skipped, not logged', async () => {
  const names: string[] = [];
  let free = false;
  const errors: string[] = [];
  const run = vi.fn(() => Promise.resolve());
  const job = createPeriodicJob({
    name: 'payment sweep',
    intervalMinutes: 1,
    run,
    log: { error: (_details, message) => errors.push(message) },
    alone: {
      runAlone: async (name, work) => {
        names.push(name);
        return free ? { ran: true, value: await work() } : { ran: false };
      },
    },
  });
  vi.useFakeTimers();
  job.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(run).not.toHaveBeenCalled();
  free = true;
  await vi.advanceTimersByTimeAsync(60_000);
  expect(run).toHaveBeenCalledTimes(1);
  expect(names).toEqual(['job:payment sweep', 'job:payment sweep']);
  expect(errors).toEqual([]);
  await job.stop();
});
