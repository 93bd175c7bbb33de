// The load generators of `bench/run.ts` and the figures they give: a full load over a list of
// requests (autocannon, each connection cycling through the list), an open-loop load at a fixed
// rate over the same list, and each figure's median and spread over the bench's rounds, with the
// machine's load average at the time of each run.
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';

export const connections = 10;

/** One call as both load generators send it. */
export interface LoadRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** A figure measured once per round: its median, its spread, and each round's own. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number[];
  /** The 1-minute load average when each run began (os.loadavg), in the runs' order. */
  loadAverages: number[];
}

/** The 1-minute load average of the machine now, to two decimals. */
export function loadAverage(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}

export function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = values.toSorted((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return Math.round((sorted[at] as number) * 10) / 10;
}

/** A measurement taken with the load average at its start. */
export interface Measured {
  value: number;
  loadAverage: number;
}

export function spread(measured: readonly Measured[]): Spread {
  const runs = measured.map((run) => run.value);
  return {
    median: Math.round(median(runs) * 10) / 10,
    min: Math.min(...runs),
    max: Math.max(...runs),
    runs,
    loadAverages: measured.map((run) => run.loadAverage),
  };
}

/** One full-load run: requests per second, the p99 of its latencies, its failures. */
export interface FullLoad {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  loadAverage: number;
}

/**
 * One autocannon run at full load: 10 connections, each sending its next request as soon as the
 * last is answered, each going through `requests` in turn from the first.
 */
export async function fullLoad(
  base: string,
  requests: readonly LoadRequest[],
  seconds: number,
): Promise<FullLoad> {
  const started = loadAverage();
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        requests: requests.map((request) => ({ ...request })),
        connections,
        duration: seconds,
      },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: percentile(latencies, 0.99),
    errors: result.errors + result.non2xx,
    loadAverage: started,
  };
}

/** Latencies of an open-loop run at a fixed rate. */
export interface AtRate {
  p95Ms: number;
  p99Ms: number;
  errors: number;
  loadAverage: number;
}

/**
 * Open-loop load at a fixed rate: a request falls due every 1/rate s whatever the answers do,
 * over at most 10 keep-alive connections, going through `requests` in turn, and its latency
 * counts from when it fell due, so a stall shows in every request it holds up. autocannon's
 * `overallRate` is no such thing: it gives each connection a per-second quota that it spends in
 * a burst, so its latencies are those of 10 requests at once (see docs/decisions.md).
 */
export async function atRate(
  base: string,
  requests: readonly LoadRequest[],
  rate: number,
  seconds: number,
): Promise<AtRate> {
  const started = loadAverage();
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const answered: Promise<void>[] = [];
  const begun = performance.now();
  for (let index = 0; index < Math.round(rate * seconds); index++) {
    const due = begun + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = requests[index % requests.length] as LoadRequest;
    answered.push(
      send(agent, base, request).then((ok) => {
        latencies.push(performance.now() - due);
        if (!ok) errors++;
      }),
    );
  }
  await Promise.all(answered);
  agent.destroy();
  return {
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    errors,
    loadAverage: started,
  };
}

/** One request read to its end; whether it was answered 2xx. */
function send(agent: http.Agent, base: string, request: LoadRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      `${base}${request.path}`,
      { method: request.method ?? 'GET', headers: request.headers, agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve((response.statusCode ?? 0) < 300));
        response.on('error', () => resolve(false));
      },
    );
    outgoing.on('error', () => resolve(false));
    outgoing.end(request.body);
  });
}

/** Full-load runs of one call over the rounds: requests/s and p99 with their spread. */
export interface FullLoadFigures {
  requestsPerSecond: Spread;
  p99Ms: Spread;
  errors: number;
}

export function fullLoadFigures(runs: readonly FullLoad[]): FullLoadFigures {
  return {
    requestsPerSecond: spread(
      runs.map((run) => ({ value: run.requestsPerSecond, loadAverage: run.loadAverage })),
    ),
    p99Ms: spread(runs.map((run) => ({ value: run.p99Ms, loadAverage: run.loadAverage }))),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/** Fixed-rate runs of one call: p95 and p99 with their spread. */
export interface AtRateFigures {
  p95Ms: Spread;
  p99Ms: Spread;
  errors: number;
}

export function atRateFigures(runs: readonly AtRate[]): AtRateFigures {
  return {
    p95Ms: spread(runs.map((run) => ({ value: run.p95Ms, loadAverage: run.loadAverage }))),
    p99Ms: spread(runs.map((run) => ({ value: run.p99Ms, loadAverage: run.loadAverage }))),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}
