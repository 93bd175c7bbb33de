import sanitizeHtml from 'sanitize-html';

export type RichTextHeading = 'h2' | 'h3' | 'h4';

/**
 * What text written in the back office's rich-text editor may contain: text formatting, lists,
 * headings, simple tables and links. Everything that can run code or restyle the page (scripts,
 * event handlers, style, frames, forms, images with tracking sources) is dropped, because the
 * storefront renders it as HTML. Links are https, mailto or a path of the shop.
 */
function richTextOptions(headings: readonly RichTextHeading[]): sanitizeHtml.IOptions {
  return {
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
      ...headings,
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
    // Dropped together with their content: their text is code or markup, never copy.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    },
  };
}

/**
 * A sanitiser for one kind of rich text, which differs only in its headings: a product page has
 * its own h1 and h2 above the description, a text page only its h1.
 */
export function richTextSanitizer(headings: readonly RichTextHeading[]): (html: string) => string {
  const options = richTextOptions(headings);
  return (html) => sanitizeHtml(html, options).trim();
}

/** The text of sanitised HTML without its markup, to tell whether it says anything at all. */
export const plainText = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
