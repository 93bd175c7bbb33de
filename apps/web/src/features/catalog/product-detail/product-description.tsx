import { useCatalogText } from '../catalog-i18n.js';

const headingTag = /<(\/?)h([3-6])\b/gi;

/**
 * The description's headings moved up so its highest is an h3, right under the section's h2: the
 * back office allows h3 and h4, and a description whose first heading is an h4 would skip a
 * level, which screen-reader users navigating by headings (and Lighthouse) take as a gap. The
 * server's sanitiser escapes every `<` that is not a tag, so the tags can be found as text.
 */
export function withHeadingsFromH3(html: string): string {
  const levels = [...html.matchAll(headingTag)].map((match) => Number(match[2]));
  const shift = levels.length > 0 ? Math.min(...levels) - 3 : 0;
  if (shift <= 0) return html;
  return html.replace(
    headingTag,
    (_tag, slash: string, level: string) => `<${slash}h${Number(level) - shift}`,
  );
}

/**
 * The description as HTML (PDP-14). The server sanitises it when it is stored (API contract), so
 * it is inserted as it arrives, its headings levelled under the section's own.
 */
export function ProductDescription({ html }: { html: string }) {
  const t = useCatalogText();
  if (html.trim() === '') return null;
  return (
    <section aria-labelledby="product-description" className="mt-4">
      <h2 id="product-description" className="h5">
        {t('catalog.product.description')}
      </h2>
      <div
        className="product-description text-break lh-lg"
        dangerouslySetInnerHTML={{ __html: withHeadingsFromH3(html) }}
      />
    </section>
  );
}
