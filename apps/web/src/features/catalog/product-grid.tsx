import type { ProductCard } from '@shop/shared';
import { ProductCardView } from './product-card.js';

/** Product cards, four per row on large screens (CAT-17), two on phones. */
export function ProductGrid({ products }: { products: ProductCard[] }) {
  return (
    <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled mb-0">
      {products.map((product) => (
        <li key={product._id} className="col">
          <ProductCardView product={product} />
        </li>
      ))}
    </ul>
  );
}
