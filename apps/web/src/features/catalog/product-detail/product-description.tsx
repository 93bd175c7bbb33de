import { productText } from './product-text.js';

/**
 * The description as HTML (PDP-14). The server sanitises it when it is stored (API contract), so
 * it is inserted as it arrives.
 */
export function ProductDescription({ html }: { html: string }) {
  if (html.trim() === '') return null;
  return (
    <section aria-labelledby="product-description" className="mt-4">
      <h2 id="product-description" className="h5">
        {productText.description}
      </h2>
      <div
        className="product-description text-break lh-lg"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}
