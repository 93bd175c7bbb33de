import { useId } from 'react';
import { Link } from 'react-router';
import { variantText, type CartLine } from '@shop/shared';
import { imageUrl } from '../../lib/image-url.js';
import { useMoney } from '../../lib/use-money.js';
import { lineLimit, lineSubTotal } from './cart-logic.js';
import { useCartText } from './cart-i18n.js';

export interface LineControls {
  onRemove: (productId: string) => void;
  onDecrease: (productId: string) => void;
  onIncrease: (productId: string, qty: number) => void;
}

interface CartLineItemProps extends LineControls {
  line: CartLine;
  /** The message about this line, if any: check-stock (ERR-15), a refused change or its limit. */
  message: string | undefined;
}

/**
 * One line: image, name and variant text, then a row with remove, minus and plus, unit cost and
 * sub-total. The row wraps on a phone instead of pushing the amounts off the screen.
 */
export function CartLineItem({
  line,
  message,
  onRemove,
  onDecrease,
  onIncrease,
}: CartLineItemProps) {
  const t = useCartText();
  const { amount, shownAmount, currencyValue } = useMoney();
  const { product, qty } = line;
  // In the shared order of the mails and the back office (issue 29.12).
  const variant = variantText(product.variants);
  const id = useId();
  const limit = lineLimit(product);
  const atLimit = qty >= limit.max;
  const limitReason = t(
    limit.reason === 'stock' ? 'cart.line.stockLimitReached' : 'cart.line.orderLimitReached',
  );
  return (
    <li aria-label={product.name} className="list-group-item py-3">
      <div className="cart-line">
        <div className="cart-line__product">
          <img
            src={imageUrl(product.heroImage)}
            alt={product.name}
            width={72}
            height={72}
            className="rounded object-fit-cover flex-shrink-0"
          />
          <div className="cart-line__title">
            <Link
              to={`/product/${product.slug}`}
              className="fw-semibold link-body-emphasis tap-link"
            >
              {product.name}
            </Link>
            {variant !== '' && <div className="small text-body-secondary">{variant}</div>}
          </div>
        </div>
        <div className="cart-line__controls">
          <div className="d-flex align-items-center gap-1">
            <div className="input-group flex-nowrap w-auto">
              <button
                type="button"
                className="cart-line__step btn btn-outline-secondary"
                aria-label={t('cart.line.decrease', { name: product.name })}
                onClick={() => onDecrease(product._id)}
              >
                −
              </button>
              <span
                role="status"
                aria-label={t('cart.line.quantity', { name: product.name })}
                className="cart-line__qty form-control"
              >
                {qty}
              </span>
              <button
                type="button"
                className="cart-line__step btn btn-outline-secondary"
                aria-label={t('cart.line.increase', { name: product.name })}
                title={atLimit ? limitReason : undefined}
                disabled={atLimit}
                onClick={() => onIncrease(product._id, qty + 1)}
              >
                +
              </button>
            </div>
            <button
              type="button"
              className="cart-line__remove btn btn-link text-danger"
              aria-label={t('cart.line.removeNamed', { name: product.name })}
              onClick={() => onRemove(product._id)}
            >
              {t('cart.line.remove')}
            </button>
          </div>
          <dl className="cart-line__amounts small">
            <div>
              <dt id={`${id}-unit`} className="fw-normal text-body-secondary">
                {t('cart.line.unitCost')}
              </dt>
              <dd aria-labelledby={`${id}-unit`} className="mb-0">
                {amount(product.sellingPrice)}
              </dd>
            </div>
            <div>
              <dt id={`${id}-sub`} className="fw-normal text-body-secondary">
                {t('cart.line.subTotal')}
              </dt>
              <dd aria-labelledby={`${id}-sub`} className="mb-0 fw-semibold">
                {shownAmount(lineSubTotal(product.sellingPrice, qty, currencyValue))}
              </dd>
            </div>
          </dl>
        </div>
      </div>
      {message && (
        <div role="alert" className="small text-danger mt-2">
          {message}
        </div>
      )}
    </li>
  );
}
