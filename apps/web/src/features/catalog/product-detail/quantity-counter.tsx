import type { QuantityLimits } from './quantity-rules.js';
import {
  canDecrease,
  canIncrease,
  decreaseQuantity,
  increaseQuantity,
  quantityHint,
} from './quantity-rules.js';
import { productText } from './product-text.js';

interface QuantityCounterProps {
  quantity: number;
  limits: QuantityLimits;
  onChange: (quantity: number) => void;
}

const hintText = {
  orderLimit: productText.orderLimitReached,
  stockLimit: productText.stockLimitReached,
} as const;

/** Minus, the quantity and plus, kept between 1 and the lower of stock and orderLimit (PDP-11). */
export function QuantityCounter({ quantity, limits, onChange }: QuantityCounterProps) {
  const hint = quantityHint(quantity, limits);
  return (
    <div>
      <div
        role="group"
        aria-label={productText.quantity}
        className="input-group"
        style={{ width: '10rem' }}
      >
        <button
          type="button"
          className="btn btn-outline-secondary tap-target"
          aria-label={productText.decreaseQuantity}
          disabled={!canDecrease(quantity)}
          onClick={() => onChange(decreaseQuantity(quantity, limits))}
        >
          −
        </button>
        <output
          aria-label={productText.quantity}
          className="form-control d-flex align-items-center justify-content-center"
        >
          {quantity}
        </output>
        <button
          type="button"
          className="btn btn-outline-secondary tap-target"
          aria-label={productText.increaseQuantity}
          disabled={!canIncrease(quantity, limits)}
          onClick={() => onChange(increaseQuantity(quantity, limits))}
        >
          +
        </button>
      </div>
      <p className="small text-danger mt-1 mb-0" aria-live="polite">
        {hint ? hintText[hint] : null}
      </p>
    </div>
  );
}
