import sanitizeHtml from 'sanitize-html';

/**
 * What a product description may contain: text formatting, lists, headings, simple tables and
 * links. Everything that can run code or restyle the page (scripts, event handlers, style,
 * frames, forms, images with tracking sources) is dropped, because the storefront renders the
 * description as HTML.
 */
const descriptionOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'small',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // rel is listed because the transform below sets it before attributes are filtered.
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped together with their content: their text is code or markup, never product copy.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/** Returns the description reduced to the formatting a product page may show. */
export function sanitizeProductDescription(html: string): string {
  return sanitizeHtml(html, descriptionOptions).trim();
}
