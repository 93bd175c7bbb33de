import type { ProductCard } from '@shop/shared';
import { Link } from 'react-router';
import { StockBadge } from '../../components/ui/stock-badge.js';
import { responsiveImage } from '../../lib/image-url.js';
import { useMoney } from '../../lib/use-money.js';
import { useCatalogText } from './catalog-i18n.js';

/**
 * How wide a card's picture is: two cards a row on a phone, three from 768 px, four from 992 px
 * in Bootstrap's container (a listing with filters shows them narrower, which this overstates).
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1400px) 312px, (min-width: 1200px) 267px, (min-width: 768px) 224px, (min-width: 576px) 250px, calc(50vw - 20px)';

/**
 * One product in a grid: image, name, price in the shopper's currency and badges (CARD-01..08).
 * `eager` for a card in a listing's first row, whose picture is on the first screen (often its
 * largest paint): a lazy picture there waits for the layout before it starts loading.
 */
export function ProductCardView({
  product,
  eager = false,
}: {
  product: ProductCard;
  eager?: boolean;
}) {
  const t = useCatalogText();
  const { price } = useMoney();
  return (
    <article className="card product-card h-100">
      <Link to={`/product/${encodeURIComponent(product.slug)}`} className="product-card__link">
        <div className="product-card__media">
          <img
            {...responsiveImage(product.heroImage, CARD_IMAGE_SIZES)}
            alt={product.name}
            width={300}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="card-img-top"
          />
          {product.discount > 0 && (
            <span className="badge product-card__discount">
              {t('catalog.card.discount', { discount: product.discount })}
            </span>
          )}
        </div>
        <div className="card-body">
          <h3 className="product-card__name">{product.name}</h3>
          <p className="product-card__price mb-2">{price(product.sellingPrice)}</p>
          <StockBadge stock={product.stock} />
        </div>
      </Link>
    </article>
  );
}
