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
 * again. Running it once across several processes is the job's own business (row locks).
 */
export function createPeriodicJob(options: {
  name: string;
  intervalMinutes: number;
  run: () => Promise<unknown>;
  log: PeriodicJobLogger;
}): PeriodicJob {
  let interval: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const runOnce = () => {
    if (stopped || running) return;
    running = options
      .run()
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
