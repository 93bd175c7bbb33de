import type { ProductCard } from '@shop/shared';
import { StaticIsland } from '../../components/ui/static-island.js';
import { useMoney } from '../../lib/use-money.js';
import { ProductCardView } from './product-card.js';

/**
 * Product cards, four per row on large screens (CAT-17), two on phones. A grid at the top of its
 * page loads its first `eagerCount` pictures at once (a first row is at most four). The cards
 * are links and text: a served grid is not hydrated until its products or the currency change.
 */
export function ProductGrid({
  name,
  products,
  eagerCount = 0,
}: {
  /** Unique on the page (see StaticIsland). */
  name: string;
  products: ProductCard[];
  eagerCount?: number;
}) {
  const { currencyCode, currencyValue } = useMoney();
  return (
    <StaticIsland
      name={name}
      as="ul"
      className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled mb-0"
      deps={[products, eagerCount, currencyCode, currencyValue]}
    >
      {products.map((product, index) => (
        <li key={product._id} className="col">
          <ProductCardView product={product} eager={index < eagerCount} />
        </li>
      ))}
    </StaticIsland>
  );
}
