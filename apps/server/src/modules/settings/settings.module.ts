import type { FastifyPluginAsync } from 'fastify';
import { settingsRoutes } from './settings.routes.js';

/** The shop's settings, read by the storefront and kept by the owner. */
export const settingsModule: FastifyPluginAsync = async (app) => {
  await app.register(settingsRoutes, { prefix: '/api' });
};
