import { StockBadge } from '../../../components/ui/stock-badge.js';
import { useMoney } from '../../../lib/use-money.js';
import { useCatalogText } from '../catalog-i18n.js';

interface PriceBlockProps {
  /** Prices in NOK as the server sent them; shown × the current rate (CURPROD-09, CURPROD-10). */
  price: number;
  sellingPrice: number;
  discount: number;
  stock: number;
}

/** Selling price, the struck-through original with its percent off, the tax note and stock badge. */
export function PriceBlock({ price, sellingPrice, discount, stock }: PriceBlockProps) {
  const t = useCatalogText();
  const money = useMoney();
  return (
    <div role="group" aria-label={t('catalog.product.price')}>
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <strong className="fs-3" data-testid="selling-price">
          <span className="visually-hidden">{t('catalog.product.sellingPrice')} </span>
          {money.price(sellingPrice)}
        </strong>
        {discount > 0 && (
          <>
            <del className="text-body-secondary" data-testid="original-price">
              <span className="visually-hidden">{t('catalog.product.originalPrice')} </span>
              {money.price(price)}
            </del>
            <span className="badge text-bg-danger">
              {t('catalog.product.percentOff', { discount })}
            </span>
          </>
        )}
      </div>
      <div className="d-flex align-items-center gap-2 mt-1">
        <small className="text-body-secondary">{t('catalog.product.taxNote')}</small>
        <StockBadge stock={stock} />
      </div>
    </div>
  );
}
