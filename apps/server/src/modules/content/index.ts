/** The content module's public face: the only file other modules and app.ts import. */
export { staticPageDates } from './static-pages.service.js';
export { contentModule } from './content.module.js';
