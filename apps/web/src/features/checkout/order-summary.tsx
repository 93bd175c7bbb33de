import { variantText } from '@shop/shared';
import { useAppSelector } from '../../lib/store-hooks.js';
import { imageUrl } from '../../lib/image-url.js';
import { useMoney } from '../../lib/use-money.js';
import { BillingSummary, cartTotals, type CartKind, type Charge } from '../cart/index.js';
import { useCheckoutText } from './checkout-i18n.js';

interface OrderSummaryProps {
  kind: CartKind;
  /** Known on the payment page only; before it the summary says it is calculated later. */
  shippingPrice?: number;
  charge?: Charge;
  /** The payment refused the cart's coupon: the totals leave it out, as the card would pay. */
  withoutCoupon?: boolean;
}

/** The lines being ordered and their billing summary, beside the form or the widget (SHIP-19). */
export function OrderSummary({ kind, shippingPrice, charge, withoutCoupon }: OrderSummaryProps) {
  const t = useCheckoutText();
  const cart = useAppSelector((state) => state.cart);
  const { amount } = useMoney();
  const isCart = kind === 'cart';
  const lines = isCart ? cart.cartItems : cart.buyNowCartItems;
  return (
    <aside aria-label={t('checkout.summary')}>
      <h2 className="h5">{t('checkout.summary')}</h2>
      <ul className="list-group mb-3">
        {lines.map(({ product, qty }) => {
          const variant = variantText(product.variants);
          return (
            <li key={product._id} className="list-group-item d-flex gap-2 align-items-center">
              <img
                src={imageUrl(product.heroImage)}
                alt=""
                width={48}
                height={48}
                className="rounded object-fit-cover flex-shrink-0"
              />
              <div className="flex-grow-1 small">
                <div className="fw-semibold">{product.name}</div>
                {variant !== '' && <div className="text-body-secondary">{variant}</div>}
                <div>
                  {t('checkout.summary.quantityTimesPrice', {
                    quantity: qty,
                    price: amount(product.sellingPrice),
                  })}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <BillingSummary
        lines={lines}
        grandTotal={
          withoutCoupon
            ? cartTotals(lines).grandTotal
            : isCart
              ? cart.grandTotal
              : cart.buyNowGrandTotal
        }
        shippingPrice={shippingPrice}
        charge={charge}
      />
    </aside>
  );
}
