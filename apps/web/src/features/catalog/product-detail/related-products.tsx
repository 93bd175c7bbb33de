import type { ProductCard } from '@shop/shared';
import { ProductGrid } from '../product-grid.js';
import { useCatalogText } from '../catalog-i18n.js';

/** The 'Related Products' grid (PDP-16); nothing when the product has none. */
export function RelatedProducts({ products }: { products: ProductCard[] }) {
  const t = useCatalogText();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-products" className="mt-5">
      <h2 id="related-products" className="h4 mb-3">
        {t('catalog.product.related')}
      </h2>
      <ProductGrid name="related-products" products={products} />
    </section>
  );
}
