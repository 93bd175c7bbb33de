import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit.routes.js';

/** The audit log's routes: the back office reads who changed what. */
export const auditModule: FastifyPluginAsync = async (app) => {
  await app.register(auditRoutes, { prefix: '/api' });
};
