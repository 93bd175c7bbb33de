import type { FastifyPluginAsync } from 'fastify';
import { dashboardRoutes } from './dashboard.routes.js';

/** The back office's first page: the day's figures and what waits. */
export const dashboardModule: FastifyPluginAsync = async (app) => {
  await app.register(dashboardRoutes, { prefix: '/api' });
};
