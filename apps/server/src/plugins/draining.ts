import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process is leaving: see registerDraining. */
    draining: { start(): void; readonly active: boolean };
  }
}

/**
 * The first part of a graceful stop behind a load balancer. Once draining, the process still
 * answers every request, but `/ready` says 503 so the balancer sends no new ones, and each answer
 * closes its connection so no client keeps one open to a process about to go. The server's
 * close, after the drain, then waits for the requests and jobs still running.
 */
export function registerDraining(app: FastifyInstance): void {
  let active = false;
  app.decorate('draining', {
    // Idle kept-alive connections are left to the close: cut now, one could be cut just as the
    // balancer sends on it, while after the drain the balancer no longer uses them.
    start: () => {
      active = true;
    },
    get active() {
      return active;
    },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (active) reply.header('connection', 'close');
    return payload;
  });
}
