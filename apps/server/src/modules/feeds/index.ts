/** The feeds module's public face: the only file other modules and app.ts import. */
export { feedPaths } from './feeds.routes.js';
export { feedsModule } from './feeds.module.js';
