/** The dashboard module's public face: the only file other modules and app.ts import. */
export { dashboardModule } from './dashboard.module.js';
