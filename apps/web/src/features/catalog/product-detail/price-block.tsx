import { StockBadge } from '../../../components/ui/stock-badge.js';
import { useMoney } from '../../../lib/use-money.js';
import { productText } from './product-text.js';

interface PriceBlockProps {
  /** Prices in NOK as the server sent them; shown × the current rate (CURPROD-09, CURPROD-10). */
  price: number;
  sellingPrice: number;
  discount: number;
  stock: number;
}

/** Selling price, the struck-through original with its percent off, the tax note and stock badge. */
export function PriceBlock({ price, sellingPrice, discount, stock }: PriceBlockProps) {
  const money = useMoney();
  return (
    <div role="group" aria-label={productText.priceGroup}>
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <strong className="fs-3" data-testid="selling-price">
          <span className="visually-hidden">{productText.sellingPrice} </span>
          {money.price(sellingPrice)}
        </strong>
        {discount > 0 && (
          <>
            <del className="text-body-secondary" data-testid="original-price">
              <span className="visually-hidden">{productText.originalPrice} </span>
              {money.price(price)}
            </del>
            <span className="badge text-bg-danger">{productText.percentOff(discount)}</span>
          </>
        )}
      </div>
      <div className="d-flex align-items-center gap-2 mt-1">
        <small className="text-body-secondary">{productText.taxNote}</small>
        <StockBadge stock={stock} />
      </div>
    </div>
  );
}
