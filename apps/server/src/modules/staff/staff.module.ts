import type { FastifyPluginAsync } from 'fastify';
import { StaffTeam } from './staff-team.service.js';
import { staffRoutes } from './staff.routes.js';
import { type StaffServiceDeps, StaffService } from './staff.service.js';

/** The back office's sign-in with a second factor, and the owner's team. */
export const staffModule: FastifyPluginAsync<StaffServiceDeps> = async (app, deps) => {
  const { db, publicUrl, mailQueued } = deps;
  await app.register(staffRoutes, {
    prefix: '/api',
    staff: new StaffService(deps),
    team: new StaffTeam({ db, publicUrl, mailQueued }),
  });
};
