/** The staff module's public face: the only file other modules and app.ts import. */
export { removeExpiredStaffTokens } from './expired-staff-tokens.js';
export { staffModule } from './staff.module.js';
