/** The seo module's public face: the only file other modules and app.ts import. */
export { escapeXml, SITEMAP_PART_SIZE } from './seo.service.js';
export { seoModule } from './seo.module.js';
