import type { FastifyPluginAsync } from 'fastify';
import { devMailboxRoutes } from './mail.routes.js';

/** In development without SMTP, the mails written to disk as a page to read them. */
export const mailModule: FastifyPluginAsync<{ devMailbox: boolean }> = async (
  app,
  { devMailbox },
) => {
  if (devMailbox) await app.register(devMailboxRoutes);
};
