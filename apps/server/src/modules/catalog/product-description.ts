import { richTextSanitizer } from '../../rich-text.js';

/**
 * Returns the description reduced to the formatting a product page may show: the page's own
 * h1 and "Description" h2 stand above it, so its headings start at h3.
 */
export const sanitizeProductDescription = richTextSanitizer(['h3', 'h4']);
