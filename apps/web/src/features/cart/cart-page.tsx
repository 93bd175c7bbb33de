import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CartLine } from '@shop/shared';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { VippsExpressButton } from '../checkout/index.js';
import { useMessage } from '../../lib/i18n.js';
import { BillingSummary, CouponForm } from './billing-summary.js';
import { CartLineItem, type LineControls } from './cart-line-item.js';
import { lineProblem } from './cart-logic.js';
import {
  buyNowCleared,
  buyNowOneRemoved,
  buyNowQuantitySet,
  cartCleared,
  cartLineDeleted,
  cartOneRemoved,
  cartQuantitySet,
  type CartKind,
} from './cart-slice.js';
import { cartRefreshed, lineSignature, stockChecked } from './cart-sync.js';
import { useCartText } from './cart-i18n.js';

/** The cart or the buy-now cart; each kind's controls act on its own lines only (CART-22). */
export function CartPage({ kind }: { kind: CartKind }) {
  const t = useCartText();
  const inPageLanguage = useMessage();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const cart = useAppSelector((state) => state.cart);
  const isCart = kind === 'cart';
  const lines = isCart ? cart.cartItems : cart.buyNowCartItems;
  const message = isCart ? cart.cartMessage : cart.buyNowCartMessage;
  const isError = isCart ? cart.isCartError : cart.isBuyNowCartError;
  const stockMessages = isCart ? cart.cartStockMessages : cart.buyNowStockMessages;
  const messageProductId = isCart ? cart.cartMessageProductId : cart.buyNowMessageProductId;
  // A message about a line shows under that line (ERR-15); only one about no line shows on top.
  // The cart keeps the spec's English messages, so a switch of language reads them anew.
  const lineMessage = (line: CartLine): string | undefined => {
    const shown =
      stockMessages[line.product._id] ??
      (isError && message !== '' && messageProductId === line.product._id ? message : undefined) ??
      lineProblem(line);
    return shown === undefined ? undefined : inPageLanguage(shown);
  };
  const showsOnLine = lines.some((line) => line.product._id === messageProductId);
  const title = t(isCart ? 'cart.title' : 'cart.buyNow.title');
  useDocumentTitle(title);

  // The server prices the lines when the page opens and after each change of items or
  // quantities, so the totals shown are always the ones it vouches for (CART-15).
  const signature = lineSignature(lines);
  useEffect(() => {
    const refresh = dispatch(cartRefreshed(kind));
    return () => refresh.abort();
  }, [dispatch, kind, signature]);

  const controls: LineControls = isCart
    ? {
        onRemove: (productId) => dispatch(cartLineDeleted(productId)),
        onDecrease: (productId) => dispatch(cartOneRemoved(productId)),
        onIncrease: (productId, qty) => dispatch(cartQuantitySet({ productId, qty })),
      }
    : {
        // The buy-now cart holds one item, so removing its line empties it.
        onRemove: () => dispatch(buyNowCleared()),
        onDecrease: (productId) => dispatch(buyNowOneRemoved(productId)),
        onIncrease: (productId, qty) => dispatch(buyNowQuantitySet({ productId, qty })),
      };

  const checkout = async () => {
    const result = await dispatch(stockChecked(kind));
    if (stockChecked.rejected.match(result)) {
      // Spec §8: on the cart a failed check is only logged; the shipping step checks again.
      console.error('Stock check failed:', result.payload ?? result.error.message);
      return;
    }
    if (result.payload.length === 0) void navigate(isCart ? '/shipping' : '/shipping/buy-now');
  };

  const continueShopping = (
    <Link to="/" className="tap-link">
      {t('cart.continueShopping')}
    </Link>
  );

  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{title}</h1>
      {isError && message !== '' && !showsOnLine && (
        <div role="alert" className="text-danger mb-3">
          {inPageLanguage(message)}
        </div>
      )}
      {lines.length === 0 ? (
        <section aria-label={t('cart.empty.title')} className="text-center py-5">
          <h2 className="h5">{t('cart.empty.title')}</h2>
          <p className="text-body-secondary">{t('cart.empty.hint')}</p>
          {continueShopping}
        </section>
      ) : (
        <div className="row g-4">
          <div className="col-lg-8">
            <ul aria-label={t('cart.lines')} className="list-group">
              {lines.map((line) => (
                <CartLineItem
                  key={line.product._id}
                  line={line}
                  message={lineMessage(line)}
                  {...controls}
                />
              ))}
            </ul>
            <div className="d-flex justify-content-between align-items-center mt-3">
              {continueShopping}
              <button
                type="button"
                className="btn btn-outline-danger btn-sm tap-target"
                onClick={() => dispatch(isCart ? cartCleared() : buyNowCleared())}
              >
                {t('cart.clear')}
              </button>
            </div>
          </div>
          <div className="col-lg-4">
            <BillingSummary
              lines={lines}
              grandTotal={isCart ? cart.grandTotal : cart.buyNowGrandTotal}
              coupon={{ code: (isCart ? cart.coupon : cart.buyNowCoupon).code, kind }}
            />
            <CouponForm kind={kind} />
            <button
              type="button"
              className="btn btn-primary w-100 mt-3 tap-target"
              onClick={() => void checkout()}
            >
              {t('cart.checkout')}
            </button>
            {/* What the checkout button would take on, so not while a line is refused. */}
            {!lines.some((line) => lineMessage(line) !== undefined) && (
              <VippsExpressButton className="mt-2" purchase={{ kind }} />
            )}
          </div>
        </div>
      )}
    </div>
  );
}

export default function ShoppingCartPage() {
  return <CartPage kind="cart" />;
}

export function BuyNowCartPage() {
  return <CartPage kind="buyNow" />;
}
