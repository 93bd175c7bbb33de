import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector, type RootState } from '../../lib/store-hooks.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { isAccountUser } from '../accounts/index.js';
import { couponApplied, orderSuccessClosed, type CartKind } from '../cart/index.js';
import { useCheckoutText } from './checkout-i18n.js';
import { OrderPlacedModal } from './order-placed-modal.js';
import { orderErrorsReset } from './order-slice.js';
import {
  cartPath,
  checkoutPath,
  placeVippsOrder,
  returnFromVipps,
  type PlaceOutcome,
  type VippsReturn,
} from './order-thunks.js';
import type { VippsCheckout } from './vipps-checkout.js';

type Stage =
  | { name: 'completing' }
  | { name: 'placed' }
  | { name: 'login' }
  /** No payment named, nothing kept in this tab for it, or a payment the server does not know. */
  | { name: 'unknown'; kind: CartKind }
  | { name: 'failed'; checkout: VippsCheckout; status: number | undefined; message: string };

function stageAfter(placed: PlaceOutcome, checkout: VippsCheckout): Stage {
  if (placed.outcome !== 'failed') return { name: placed.outcome };
  if (placed.status === 404) return { name: 'unknown', kind: checkout.kind };
  return { name: 'failed', checkout, status: placed.status, message: placed.message };
}

// Nothing reached the server, or it failed on its side: asking again may well succeed, and the
// server makes one order per payment however often it is asked.
const worthRetrying = (status: number | undefined) => status === undefined || status >= 500;

/**
 * Where Vipps MobilePay sends the shopper back (issue 32.1), at `/checkout/vipps?paymentId=…`:
 * the order is placed as the card's widget places it, with what the checkout kept before the
 * redirect; after Vipps Express (issue 32.4) with no address of the shop's, since the approved
 * payment's is the order's. The page renders in the browser alone (the kept checkout is in this
 * tab's session storage), after a full page load as after any other.
 */
export default function VippsReturnPage() {
  const t = useCheckoutText();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const paymentId = search.get('paymentId') ?? '';
  const signedIn = useAppSelector((state) => isAccountUser(state.session.userInfo));
  const placedForPickup = useAppSelector((state) => state.order.placedForPickup);
  const placedOrderNumber = useAppSelector((state) => state.order.placedOrderNumber);
  const [stage, setStage] = useState<Stage>({ name: 'completing' });
  // The kept checkout is taken once: a second run of the effect must not find it gone.
  const taken = useRef(false);
  useDocumentTitle(t('checkout.vipps.title'));

  useEffect(() => {
    if (taken.current || !signedIn) return;
    taken.current = true;
    void dispatch(returnFromVipps(paymentId)).then((back: VippsReturn) =>
      setStage(
        back.placed === 'unknown'
          ? { name: 'unknown', kind: back.kind }
          : stageAfter(back.placed, back.checkout),
      ),
    );
  }, [dispatch, paymentId, signedIn]);

  // The page was loaded afresh, so the store forgot the cart's coupon: the order was asked for
  // with the kept one, and the checkout or cart the shopper goes back to shows it again.
  const notPlaced = stage.name === 'failed' ? stage.checkout : undefined;
  useEffect(() => {
    if (!notPlaced || notPlaced.couponCode === '') return;
    const { kind, couponCode } = notPlaced;
    const held = store.getState().cart;
    if ((kind === 'cart' ? held.coupon : held.buyNowCoupon).code === couponCode) return;
    void dispatch(couponApplied({ kind, code: couponCode }));
  }, [dispatch, store, notPlaced]);

  const placeAgain = (checkout: VippsCheckout) => {
    setStage({ name: 'completing' });
    void dispatch(placeVippsOrder(checkout)).then((placed) =>
      setStage(stageAfter(placed, checkout)),
    );
  };

  // The success dialog and a refusal belong to this visit, not to the checkout page.
  useEffect(
    () => () => {
      dispatch(orderSuccessClosed());
      dispatch(orderErrorsReset());
    },
    [dispatch],
  );

  if (!signedIn || stage.name === 'login') return <Navigate to="/login" replace />;
  if (stage.name === 'placed')
    return (
      <OrderPlacedModal
        storePickup={placedForPickup}
        orderNumber={placedOrderNumber}
        onOkay={() => void navigate('/')}
      />
    );

  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{t('checkout.vipps.title')}</h1>
      {stage.name === 'completing' && (
        <div role="status" className="d-flex align-items-center gap-2">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('checkout.vipps.completing')}
        </div>
      )}
      {stage.name === 'unknown' && (
        <div role="alert" className="alert alert-warning">
          <p className="mb-2">{t('checkout.vipps.unknown')}</p>
          <div className="d-flex flex-wrap gap-2">
            <Link to={cartPath(stage.kind)} className="btn btn-primary btn-sm tap-target">
              {t('checkout.payment.backToCart')}
            </Link>
            <Link to="/orders" className="btn btn-outline-dark btn-sm tap-target">
              {t('checkout.vipps.myOrders')}
            </Link>
          </div>
        </div>
      )}
      {stage.name === 'failed' && (
        <div role="alert" className="alert alert-danger">
          <p className="mb-2">
            {stage.status === 402 ? t('checkout.vipps.notCompleted') : stage.message}
          </p>
          <div className="d-flex flex-wrap gap-2">
            {worthRetrying(stage.status) && (
              <button
                type="button"
                className="btn btn-primary btn-sm tap-target"
                onClick={() => placeAgain(stage.checkout)}
              >
                {t('checkout.vipps.retry')}
              </button>
            )}
            {/* Vipps Express had no checkout page: its address and delivery were Vipps'. */}
            {!stage.checkout.express && (
              <Link
                to={checkoutPath(stage.checkout.kind)}
                // What the checkout page opens with, as the shipping step gives it.
                state={{
                  shippingPrice: stage.checkout.shippingPrice,
                  storePickup: stage.checkout.storePickup,
                }}
                className="btn btn-outline-dark btn-sm tap-target"
              >
                {t('checkout.vipps.backToCheckout')}
              </Link>
            )}
            <Link
              to={cartPath(stage.checkout.kind)}
              className="btn btn-outline-dark btn-sm tap-target"
            >
              {t('checkout.payment.backToCart')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
