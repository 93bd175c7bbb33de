// The Redis store @fastify/rate-limit uses for `redis`, which its types do not declare. The
// shop wraps it to name its keys (`plugins/rate-limit.ts`).
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

  export default class RedisStore {
    constructor(
      continueExceeding: boolean,
      exponentialBackoff: boolean,
      redis: Redis,
      key?: string,
    );
    incr(key: string, callback: Counted, timeWindow: number, max: number): void;
    read(key: string, callback: Counted, timeWindow: number, max: number): void;
  }
}
