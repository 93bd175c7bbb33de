import type { QuantityLimits } from './quantity-rules.js';
import {
  canDecrease,
  canIncrease,
  decreaseQuantity,
  increaseQuantity,
  quantityHint,
} from './quantity-rules.js';
import { useCatalogText } from '../catalog-i18n.js';

interface QuantityCounterProps {
  quantity: number;
  limits: QuantityLimits;
  onChange: (quantity: number) => void;
}

const hintText = {
  orderLimit: 'catalog.product.orderLimitReached',
  stockLimit: 'catalog.product.stockLimitReached',
} as const;

/** Minus, the quantity and plus, kept between 1 and the lower of stock and orderLimit (PDP-11). */
export function QuantityCounter({ quantity, limits, onChange }: QuantityCounterProps) {
  const t = useCatalogText();
  const hint = quantityHint(quantity, limits);
  return (
    <div>
      <div
        role="group"
        aria-label={t('catalog.product.quantity')}
        className="input-group"
        style={{ width: '10rem' }}
      >
        <button
          type="button"
          className="btn btn-outline-secondary tap-target"
          aria-label={t('catalog.product.decrease')}
          disabled={!canDecrease(quantity)}
          onClick={() => onChange(decreaseQuantity(quantity, limits))}
        >
          −
        </button>
        <output
          aria-label={t('catalog.product.quantity')}
          className="form-control d-flex align-items-center justify-content-center"
        >
          {quantity}
        </output>
        <button
          type="button"
          className="btn btn-outline-secondary tap-target"
          aria-label={t('catalog.product.increase')}
          disabled={!canIncrease(quantity, limits)}
          onClick={() => onChange(increaseQuantity(quantity, limits))}
        >
          +
        </button>
      </div>
      <p className="small text-danger mt-1 mb-0" aria-live="polite">
        {hint ? t(hintText[hint]) : null}
      </p>
    </div>
  );
}
