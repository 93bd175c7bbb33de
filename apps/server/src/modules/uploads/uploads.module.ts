import type { FastifyPluginAsync } from 'fastify';
import type { FileStorage } from './storage.js';
import { uploadsRoutes } from './uploads.routes.js';

/** Uploaded images (reviews, categories, products) and where they are kept. */
export const uploadsModule: FastifyPluginAsync<{ storage: FileStorage }> = async (
  app,
  { storage },
) => {
  await app.register(uploadsRoutes, { prefix: '/api', storage });
};
