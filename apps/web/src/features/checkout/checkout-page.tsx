import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { PaymentMethod } from '@shop/shared';
import { ApiError } from '../../lib/api-client.js';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useVippsOffered } from '../../lib/shop-details.js';
import { failureMessage } from '../../lib/failure-message.js';
import { isAccountUser } from '../accounts/index.js';
import { cartTotals, orderSuccessClosed, type CartKind, type Charge } from '../cart/index.js';
import { ChargeNotice } from './charge-notice.js';
import { useCheckoutText } from './checkout-i18n.js';
import { OrderPlacedModal } from './order-placed-modal.js';
import { OrderSummary } from './order-summary.js';
import {
  cartPath,
  createPayment,
  placeOrder,
  shippingPath,
  type CheckoutState,
} from './order-thunks.js';
import { PaymentFailureAlert, type PaymentFailure } from './payment-failure-alert.js';
import { PaymentMethodChoice } from './payment-method-choice.js';
import { loadCheckoutScript, paymentWidgetId, type DibsCheckout } from './payment-widget.js';
import { readSavedDetails, type SavedDetails } from './saved-details.js';
import { VippsPayment } from './vipps-payment.js';

function isCheckoutState(value: unknown): value is CheckoutState {
  if (typeof value !== 'object' || value === null) return false;
  const { shippingPrice, storePickup } = value as Record<string, unknown>;
  return (
    typeof shippingPrice === 'number' &&
    Number.isFinite(shippingPrice) &&
    shippingPrice >= 0 &&
    typeof storePickup === 'boolean'
  );
}

type WidgetStatus = 'loading' | 'ready' | 'failed';

interface PaymentWidgetProps extends CheckoutState {
  kind: CartKind;
  details: SavedDetails | undefined;
  /** Told what the card will be charged once the payment session is open. */
  onCharge: (charge: Charge) => void;
  /** Told that the payment was refused for the coupon, which the summary then leaves out. */
  onCouponRefused: () => void;
}

/**
 * Opens a payment session, loads the provider's script and mounts its card widget with the
 * session's paymentId (ORDER-16, ORDER-17). When the widget reports the payment completed, the
 * order is placed (ORDER-18, ORDER-19).
 */
function PaymentWidget({
  kind,
  details,
  shippingPrice,
  storePickup,
  onCharge,
  onCouponRefused,
}: PaymentWidgetProps) {
  const t = useCheckoutText();
  const dispatch = useAppDispatch();
  const placing = useAppSelector((state) => state.order.isOrderPlaceLoading);
  const orderError = useAppSelector((state) =>
    state.order.isOrderPlaceError ? state.order.orderMessage : '',
  );
  const [status, setStatus] = useState<WidgetStatus>('loading');
  const [failure, setFailure] = useState<PaymentFailure>({ message: '', couponRefused: false });

  useEffect(() => {
    let cancelled = false;
    let widget: DibsCheckout | undefined;
    // A user signed out by now is sent to /login by the page's guard (ORDER-24).
    const complete = (paymentId: string) =>
      dispatch(placeOrder({ kind, details, shippingPrice, storePickup, paymentId }));
    const fail = (error: unknown) => {
      if (cancelled) return;
      setStatus('failed');
      const couponRefused = error instanceof ApiError && error.field === 'couponCode';
      setFailure({ message: failureMessage(error), couponRefused });
      if (couponRefused) onCouponRefused();
    };
    const start = async () => {
      const payment = await dispatch(createPayment(kind, storePickup, details));
      if (cancelled) return;
      onCharge({ amount: payment.amount, currency: payment.currency });
      if (!payment.paymentId) {
        // ERR-33: the old product only logged a missing payment id; the page stays usable.
        console.error('The payment session has no paymentId', payment);
        setStatus('ready');
        return;
      }
      const dibs = await loadCheckoutScript(payment.checkoutScriptUrl);
      if (cancelled) return;
      widget = new dibs.Checkout({
        checkoutKey: payment.checkoutKey,
        paymentId: payment.paymentId,
        containerId: paymentWidgetId,
        language: 'en-GB',
      });
      widget.on('payment-completed', (event) => {
        void complete(event.paymentId || payment.paymentId);
      });
      setStatus('ready');
    };
    start().catch(fail);
    return () => {
      cancelled = true;
      widget?.cleanup?.();
    };
  }, [dispatch, kind, details, shippingPrice, storePickup, onCharge, onCouponRefused]);

  return (
    <>
      {status === 'failed' && <PaymentFailureAlert kind={kind} failure={failure} />}
      {orderError && (
        <PaymentFailureAlert kind={kind} failure={{ message: orderError, couponRefused: false }} />
      )}
      {status === 'loading' && (
        <p role="status" className="text-body-secondary">
          {t('checkout.payment.loading')}
        </p>
      )}
      {placing && (
        <div role="status" className="d-flex align-items-center gap-2 mb-3">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('checkout.payment.placing')}
        </div>
      )}
      <div id={paymentWidgetId} />
    </>
  );
}

interface PaymentSectionProps extends PaymentWidgetProps {
  /** What the shopper pays in NOK, said before they pay (issue 32.5). */
  chargeNok: number;
  /** Each coupon opens payments of its own: the card's session and Vipps' start again. */
  couponCode: string;
}

/**
 * The payment: by card in the provider's widget, or with Vipps MobilePay where the shop has it
 * (issue 32.1). The card's session opens with the page and stays while Vipps is chosen, so going
 * back to the card finds its widget as it was.
 */
function PaymentSection({ chargeNok, couponCode, onCharge, ...payment }: PaymentSectionProps) {
  const t = useCheckoutText();
  // Only a shop whose server has Vipps offers the choice; without it the card is all there is.
  const vippsOffered = useVippsOffered();
  const [chosen, setMethod] = useState<PaymentMethod>('card');
  const method = vippsOffered ? chosen : 'card';
  return (
    <section aria-labelledby="payment-title">
      <h2 id="payment-title" className="h5">
        {t('checkout.payment')}
      </h2>
      {vippsOffered && <PaymentMethodChoice method={method} onChange={setMethod} />}
      <ChargeNotice nok={chargeNok} vippsOffered={vippsOffered} />
      <div hidden={method !== 'card'}>
        <PaymentWidget key={couponCode} onCharge={onCharge} {...payment} />
      </div>
      {method === 'vipps' && <VippsPayment key={couponCode} {...payment} />}
    </section>
  );
}

/**
 * The payment page of the cart or the buy-now item (CHECKOUT-01..09): the card widget or Vipps
 * beside the billing summary, whose shipping cost is the one the shipping step quoted.
 */
export function CheckoutStep({ kind }: { kind: CartKind }) {
  const t = useCheckoutText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector((state) => state.session.userInfo);
  const lines = useAppSelector((state) =>
    kind === 'cart' ? state.cart.cartItems : state.cart.buyNowCartItems,
  );
  const placed = useAppSelector((state) =>
    kind === 'cart' ? state.cart.isOrderPlaceSuccess : state.cart.quickBuySuccess,
  );
  const placedForPickup = useAppSelector((state) => state.order.placedForPickup);
  const placedOrderNumber = useAppSelector((state) => state.order.placedOrderNumber);
  const couponCode = useAppSelector(
    (state) => (kind === 'cart' ? state.cart.coupon : state.cart.buyNowCoupon).code,
  );
  const grandTotal = useAppSelector((state) =>
    kind === 'cart' ? state.cart.grandTotal : state.cart.buyNowGrandTotal,
  );
  const [details] = useState(readSavedDetails);
  const [charge, setCharge] = useState<Charge>();
  // The code the payment refused: the summary shows the totals without it until it is taken off.
  const [refusedCoupon, setRefusedCoupon] = useState('');
  // Stable while the code is (the widget's effect depends on it), and the widget remounts with it.
  const couponRefused = useCallback(() => setRefusedCoupon(couponCode), [couponCode]);
  useDocumentTitle(t('checkout.title'));

  // The success dialog belongs to this visit: leaving the page closes it for good.
  useEffect(
    () => () => {
      dispatch(orderSuccessClosed());
    },
    [dispatch],
  );

  if (!isAccountUser(user)) return <Navigate to="/login" replace />;
  if (placed)
    return (
      <OrderPlacedModal
        storePickup={placedForPickup}
        orderNumber={placedOrderNumber}
        onOkay={() => void navigate('/')}
      />
    );
  const state = isCheckoutState(location.state) ? location.state : undefined;
  // Without the step's quote there is no shipping price to show or pay, so the step comes first.
  if (!state || (!state.storePickup && !details))
    return <Navigate to={shippingPath(kind)} replace />;
  if (lines.length === 0) return <Navigate to={cartPath(kind)} replace />;
  const withoutCoupon = refusedCoupon !== '' && refusedCoupon === couponCode;
  // The server's amount once a payment is open; until then the summary's own total in NOK.
  const goodsNok = withoutCoupon ? cartTotals(lines).grandTotal : grandTotal;
  const chargeNok = charge?.amount ?? Math.round((goodsNok + state.shippingPrice) * 100) / 100;

  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{t('checkout.title')}</h1>
      <div className="row g-4">
        <div className="col-lg-8">
          <PaymentSection
            // A coupon taken off opens a new payment session, for the amount without it.
            couponCode={couponCode}
            chargeNok={chargeNok}
            kind={kind}
            details={details}
            shippingPrice={state.shippingPrice}
            storePickup={state.storePickup}
            onCharge={setCharge}
            onCouponRefused={couponRefused}
          />
        </div>
        <div className="col-lg-4">
          <OrderSummary
            kind={kind}
            shippingPrice={state.shippingPrice}
            charge={charge}
            withoutCoupon={withoutCoupon}
          />
        </div>
      </div>
    </div>
  );
}

export default function CheckoutPage() {
  return <CheckoutStep kind="cart" />;
}

export function BuyNowCheckoutPage() {
  return <CheckoutStep kind="buyNow" />;
}
