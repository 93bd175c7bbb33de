import type { ProductCard } from '@shop/shared';
import { ProductCardView } from './product-card.js';

/**
 * Product cards, four per row on large screens (CAT-17), two on phones. A grid at the top of its
 * page loads its first `eagerCount` pictures at once (a first row is at most four).
 */
export function ProductGrid({
  products,
  eagerCount = 0,
}: {
  products: ProductCard[];
  eagerCount?: number;
}) {
  return (
    <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled mb-0">
      {products.map((product, index) => (
        <li key={product._id} className="col">
          <ProductCardView product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
