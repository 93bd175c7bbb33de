import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.js';
import { failureMessage } from '../../lib/failure-message.js';
import { useAppDispatch } from '../../lib/store-hooks.js';
import type { CartKind } from '../cart/index.js';
import { useCheckoutText } from './checkout-i18n.js';
import { payWithVipps, type CheckoutState } from './order-thunks.js';
import { PaymentFailureAlert, type PaymentFailure } from './payment-failure-alert.js';
import type { SavedDetails } from './saved-details.js';

interface VippsPaymentProps extends CheckoutState {
  kind: CartKind;
  details: SavedDetails | undefined;
  /** Told that the payment was refused for the coupon, which the summary then leaves out. */
  onCouponRefused: () => void;
}

/**
 * 'Pay with Vipps' (issue 32.1): the payment is opened only when the shopper asks for it, and the
 * browser goes on to Vipps, which sends it back to the return page.
 */
export function VippsPayment({
  kind,
  details,
  shippingPrice,
  storePickup,
  onCouponRefused,
}: VippsPaymentProps) {
  const t = useCheckoutText();
  const dispatch = useAppDispatch();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure>();

  // Back from Vipps with the browser's back button, the page may be the one kept in memory.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  const pay = async () => {
    setStarting(true);
    setFailure(undefined);
    try {
      const leaving = await dispatch(payWithVipps({ kind, details, shippingPrice, storePickup }));
      // While the browser leaves for Vipps the button stays busy, so it is not pressed twice.
      if (leaving) return;
      setFailure({ message: t('checkout.vipps.noRedirect'), couponRefused: false });
    } catch (error) {
      const couponRefused = error instanceof ApiError && error.field === 'couponCode';
      setFailure({ message: failureMessage(error), couponRefused });
      if (couponRefused) onCouponRefused();
    }
    setStarting(false);
  };

  return (
    <div>
      {failure && <PaymentFailureAlert kind={kind} failure={failure} />}
      <p className="small text-body-secondary">{t('checkout.vipps.help')}</p>
      <button
        type="button"
        className="btn btn-primary btn-lg w-100 tap-target gap-2"
        disabled={starting}
        onClick={() => void pay()}
      >
        {starting ? (
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        ) : (
          <img src="/payment/vipps.svg" alt="" width={38} height={24} />
        )}
        {t('checkout.vipps.pay')}
      </button>
      {starting && (
        <p role="status" className="small mt-2 mb-0">
          {t('checkout.vipps.starting')}
        </p>
      )}
    </div>
  );
}
