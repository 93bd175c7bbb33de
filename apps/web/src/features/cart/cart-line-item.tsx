import { useId } from 'react';
import { Link } from 'react-router';
import type { CartLine } from '@shop/shared';
import { imageUrl } from '../../lib/image-url.js';
import { useMoney } from '../../lib/use-money.js';
import { cartText } from './cart-text.js';

export interface LineControls {
  onRemove: (productId: string) => void;
  onDecrease: (productId: string) => void;
  onIncrease: (productId: string, qty: number) => void;
}

interface CartLineItemProps extends LineControls {
  line: CartLine;
  /** The check-stock message for this line, if any (ERR-15). */
  stockMessage: string | undefined;
}

/** One line: image, name, variant text, remove, minus and plus, unit cost and sub-total. */
export function CartLineItem({
  line,
  stockMessage,
  onRemove,
  onDecrease,
  onIncrease,
}: CartLineItemProps) {
  const { amount } = useMoney();
  const { product, qty } = line;
  const variant = cartText.variant(product.variants);
  const id = useId();
  return (
    <li aria-label={product.name} className="list-group-item py-3">
      <div className="d-flex gap-3 align-items-start">
        <img
          src={imageUrl(product.heroImage)}
          alt={product.name}
          width={80}
          height={80}
          className="rounded object-fit-cover flex-shrink-0"
        />
        <div className="flex-grow-1">
          <Link to={`/product/${product.slug}`} className="fw-semibold link-body-emphasis">
            {product.name}
          </Link>
          {variant !== '' && <div className="small text-body-secondary">{variant}</div>}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 text-danger"
            aria-label={cartText.removeLine(product.name)}
            onClick={() => onRemove(product._id)}
          >
            {cartText.remove}
          </button>
          {stockMessage && (
            <div role="alert" className="small text-danger mt-1">
              {stockMessage}
            </div>
          )}
        </div>
        <div className="input-group input-group-sm flex-nowrap" style={{ width: '7.5rem' }}>
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label={cartText.decrease(product.name)}
            onClick={() => onDecrease(product._id)}
          >
            −
          </button>
          <span
            role="status"
            aria-label={cartText.quantity(product.name)}
            className="form-control text-center"
          >
            {qty}
          </span>
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label={cartText.increase(product.name)}
            onClick={() => onIncrease(product._id, qty + 1)}
          >
            +
          </button>
        </div>
        <dl className="mb-0 text-end small" style={{ minWidth: '8rem' }}>
          <dt id={`${id}-unit`} className="fw-normal text-body-secondary">
            {cartText.unitCost}
          </dt>
          <dd aria-labelledby={`${id}-unit`} className="mb-1">
            {amount(product.sellingPrice)}
          </dd>
          <dt id={`${id}-sub`} className="fw-normal text-body-secondary">
            {cartText.subTotal}
          </dt>
          <dd aria-labelledby={`${id}-sub`} className="mb-0 fw-semibold">
            {amount(product.sellingPrice * qty)}
          </dd>
        </dl>
      </div>
    </li>
  );
}
