import { useId } from 'react';
import type { PaymentMethod } from '@shop/shared';
import { useCheckoutText } from './checkout-i18n.js';

// In the order offered: the card first, as the page opens with it.
const offered: readonly PaymentMethod[] = ['card', 'vipps'];

/**
 * The shopper's choice between the card widget and Vipps MobilePay (issue 32.1): one radio group
 * with its legend, so a keyboard moves between them with the arrow keys and a screen reader
 * names the group.
 */
export function PaymentMethodChoice({
  method,
  onChange,
}: {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const t = useCheckoutText();
  const id = useId();
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">{t('checkout.method')}</legend>
      <div className="d-flex flex-column flex-sm-row gap-2">
        {offered.map((choice) => (
          <div
            key={choice}
            className={`form-check tap-check border rounded ps-5 pe-3 flex-fill${
              choice === method ? ' border-primary' : ''
            }`}
          >
            <input
              id={`${id}-${choice}`}
              type="radio"
              className="form-check-input"
              name={`${id}-method`}
              value={choice}
              checked={choice === method}
              onChange={() => onChange(choice)}
            />
            <label
              htmlFor={`${id}-${choice}`}
              className="form-check-label d-flex align-items-center gap-2"
            >
              {choice === 'vipps' && (
                // The footer's logo; the label's words name the choice.
                <img src="/payment/vipps.svg" alt="" width={38} height={24} />
              )}
              {t(choice === 'card' ? 'checkout.method.card' : 'checkout.method.vipps')}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
