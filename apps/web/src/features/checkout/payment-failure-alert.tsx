import { Link } from 'react-router';
import { useAppDispatch } from '../../lib/store-hooks.js';
import { couponRemoved, type CartKind } from '../cart/index.js';
import { useCheckoutText } from './checkout-i18n.js';
import { cartPath } from './order-thunks.js';

export interface PaymentFailure {
  message: string;
  /** The server refused the cart's coupon: the shopper may pay without it. */
  couponRefused: boolean;
}

/**
 * A failure of the payment page with a way on from it: back to the cart always, and for a coupon
 * the server refused, taking it off and paying without it.
 */
export function PaymentFailureAlert({
  kind,
  failure,
}: {
  kind: CartKind;
  failure: PaymentFailure;
}) {
  const t = useCheckoutText();
  const dispatch = useAppDispatch();
  return (
    <div role="alert" className="alert alert-danger py-2">
      <p className="mb-2">{failure.message}</p>
      <div className="d-flex flex-wrap gap-2">
        {failure.couponRefused && (
          <button
            type="button"
            className="btn btn-primary btn-sm tap-target"
            onClick={() => void dispatch(couponRemoved(kind))}
          >
            {t('checkout.payment.removeCoupon')}
          </button>
        )}
        <Link to={cartPath(kind)} className="btn btn-outline-dark btn-sm tap-target">
          {t('checkout.payment.backToCart')}
        </Link>
      </div>
    </div>
  );
}
