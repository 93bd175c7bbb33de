import { useId, useState, type FormEvent } from 'react';
import { formatAmount, MAX_COUPON_CODE_LENGTH, type CartLine } from '@shop/shared';
import { useLocale } from '../../lib/i18n.js';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { useMoney } from '../../lib/use-money.js';
import { shownTotals } from './cart-logic.js';
import { couponRemoved, type CartKind } from './cart-slice.js';
import { couponApplied } from './cart-sync.js';
import { useCartText } from './cart-i18n.js';

interface BillingSummaryProps {
  /** The lines the summary adds up, as the page shows them. */
  lines: CartLine[];
  /** The server's grand total in NOK: the lines' selling total less a coupon. */
  grandTotal: number;
  /** The quoted shipping price on the payment page; unknown before it (CHECKOUT-04). */
  shippingPrice?: number;
  /** What the card is charged, in the payment's own currency, once the payment is open. */
  charge?: Charge;
  /** The coupon applied to the cart, which the shopper may take off here (the cart page). */
  coupon?: { code: string; kind: CartKind };
}

export interface Charge {
  amount: number;
  currency: string;
}

/**
 * The server's totals in the shopper's currency, 2 decimals (CARTPG-08, CONST-17), added up from
 * the lines as they are shown, so that the sums agree with the lines beside them.
 */
export function BillingSummary({
  lines,
  grandTotal,
  shippingPrice,
  charge,
  coupon,
}: BillingSummaryProps) {
  const t = useCartText();
  const dispatch = useAppDispatch();
  const { shownAmount, currencyCode, currencyValue } = useMoney();
  const locale = useLocale();
  const id = useId();
  const shown = shownTotals(lines, grandTotal, currencyValue, shippingPrice);
  const rows: [label: string, value: string][] = [
    [t('cart.summary.total'), shownAmount(shown.total)],
    [
      t('cart.summary.shipping'),
      shippingPrice === undefined ? t('cart.summary.shippingLater') : shownAmount(shown.shipping),
    ],
    [t('cart.summary.discount'), shownAmount(shown.discount)],
    [t('cart.summary.grandTotal'), shownAmount(shown.grandTotal)],
  ];
  return (
    <section aria-label={t('cart.summary.title')} className="card card-body">
      <h2 className="h5">{t('cart.summary.title')}</h2>
      <dl className="mb-0">
        {rows.map(([label, value], index) => (
          <div key={label} className="d-flex justify-content-between">
            <dt id={`${id}-${index}`} className="fw-normal">
              {label}
            </dt>
            <dd aria-labelledby={`${id}-${index}`} className="mb-2 fw-semibold">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {coupon && coupon.code !== '' && (
        <div className="d-flex justify-content-between align-items-center border-top pt-2 mb-2">
          <span className="small">{t('cart.coupon.current', { code: coupon.code })}</span>
          <button
            type="button"
            className="btn btn-link btn-sm text-danger p-0 tap-link"
            aria-label={t('cart.coupon.removeNamed', { code: coupon.code })}
            onClick={() => void dispatch(couponRemoved(coupon.kind))}
          >
            {t('cart.coupon.remove')}
          </button>
        </div>
      )}
      {charge && (
        // Issue 10.2: the card is charged in the payment's currency, which may not be the one the
        // amounts above are shown in; the charged amount is named with its currency, never bare.
        <div className="border-top pt-2">
          <dl className="d-flex justify-content-between mb-1 fw-bold">
            <dt id={`${id}-charge`}>{t('cart.summary.youPay')}</dt>
            <dd aria-labelledby={`${id}-charge`} className="mb-0">
              {formatAmount(charge.amount, 1, charge.currency, locale)}
            </dd>
          </dl>
          {charge.currency !== currencyCode && (
            <p className="small text-body-secondary mb-0">
              {t('cart.summary.chargedIn', { currency: charge.currency, shown: currencyCode })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

const idleLookup = { status: 'idle', message: '', promo: null, belowMinimum: null } as const;

/** The coupon field: the server looks the code up and prices the cart with it (CART-25). */
export function CouponForm({ kind }: { kind: CartKind }) {
  const t = useCartText();
  const dispatch = useAppDispatch();
  const { amount } = useMoney();
  const lookup = useAppSelector((state) => state.cart.couponLookup);
  const { status, promo, ...refusal } = lookup.kind === kind ? lookup : idleLookup;
  // The minimum order is NOK; it is shown in the shopper's currency, like every amount.
  const message = refusal.belowMinimum
    ? t('cart.coupon.belowMinimum', {
        code: refusal.belowMinimum.code,
        minimum: amount(refusal.belowMinimum.minOrder),
      })
    : refusal.message;
  const [code, setCode] = useState('');
  const inputId = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return;
    void dispatch(couponApplied({ kind, code }));
  };

  return (
    <form aria-label={t('cart.coupon.label')} className="mt-3" onSubmit={apply} noValidate>
      <label htmlFor={inputId} className="form-label small">
        {t('cart.coupon.label')}
      </label>
      <div className="input-group">
        <input
          id={inputId}
          className="form-control tap-field"
          placeholder={t('cart.coupon.placeholder')}
          value={code}
          maxLength={MAX_COUPON_CODE_LENGTH}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <button type="submit" className="btn btn-outline-primary" disabled={status === 'loading'}>
          {status === 'loading' && (
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
          )}
          {t('cart.coupon.apply')}
        </button>
      </div>
      {status === 'error' && (
        <div role="alert" className="small text-danger mt-1">
          {message}
        </div>
      )}
      {status === 'success' && promo && (
        <div role="status" className="small text-success mt-1">
          {t('cart.coupon.applied', { code: promo.code })}
        </div>
      )}
    </form>
  );
}
