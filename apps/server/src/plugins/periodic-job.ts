import type { RunAlone } from '../db/job-lock.js';

export interface PeriodicJobLogger {
  error(details: object, message: string): void;
}

export interface PeriodicJob {
  /** Runs the job now and then every `intervalMinutes` until stop(). */
  start(): void;
  /** Stops the runs and waits for one in progress, so the database can be closed after. */
  stop(): Promise<void>;
}

/**
 * A background job of the server: at start, then every `intervalMinutes` (0 turns it off),
 * never two runs of it at once in this process. A failed run is logged and the next one tries
 * again. With `alone` (the database handle), a run first takes the job's advisory lock, named
 * after the job, and a process that does not get it skips that run: another process is doing
 * it. What the job shares with requests (a charge, a guest checking out) stays guarded by the
 * job's own row locks.
 */
export function createPeriodicJob(options: {
  name: string;
  intervalMinutes: number;
  run: () => Promise<unknown>;
  log: PeriodicJobLogger;
  alone?: { runAlone: RunAlone };
}): PeriodicJob {
  const { alone } = options;
  const run = alone ? () => alone.runAlone(`job:${options.name}`, options.run) : options.run;
  let interval: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const runOnce = () => {
    if (stopped || running) return;
    running = run()
      .then(
        () => {},
        (err: unknown) => options.log.error({ err }, `${options.name} failed`),
      )
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start() {
      if (stopped || interval || options.intervalMinutes === 0) return;
      interval = setInterval(runOnce, options.intervalMinutes * 60_000);
      interval.unref();
      runOnce();
    },
    async stop() {
      stopped = true;
      clearInterval(interval);
      await running;
    },
  };
}
