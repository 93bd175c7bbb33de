import { useId, useState, type FormEvent } from 'react';
import { formatAmount, nokToOre, oreToNok } from '@shop/shared';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { useMoney } from '../../lib/use-money.js';
import type { CartKind } from './cart-slice.js';
import { couponApplied } from './cart-sync.js';
import { cartText } from './cart-text.js';

interface BillingSummaryProps {
  total: number;
  discount: number;
  grandTotal: number;
  /** The quoted shipping price on the payment page; unknown before it (CHECKOUT-04). */
  shippingPrice?: number;
  /** What the card is charged, in the payment's own currency, once the payment is open. */
  charge?: Charge;
}

export interface Charge {
  amount: number;
  currency: string;
}

/** The server's totals in the shopper's currency, 2 decimals (CARTPG-08, CONST-17). */
export function BillingSummary({
  total,
  discount,
  grandTotal,
  shippingPrice,
  charge,
}: BillingSummaryProps) {
  const { amount, currencyCode } = useMoney();
  const id = useId();
  const rows: [label: string, value: string][] = [
    [cartText.totalMrp, amount(total)],
    [
      cartText.shippingCost,
      shippingPrice === undefined ? cartText.shippingLater : amount(shippingPrice),
    ],
    [cartText.discount, amount(discount)],
    [cartText.grandTotal, amount(oreToNok(nokToOre(grandTotal) + nokToOre(shippingPrice ?? 0)))],
  ];
  return (
    <section aria-label={cartText.billingSummary} className="card card-body">
      <h2 className="h5">{cartText.billingSummary}</h2>
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
      {charge && (
        // Issue 10.2: the card is charged in the payment's currency, which may not be the one the
        // amounts above are shown in; the charged amount is named with its currency, never bare.
        <div className="border-top pt-2">
          <dl className="d-flex justify-content-between mb-1 fw-bold">
            <dt id={`${id}-charge`}>{cartText.youPay}</dt>
            <dd aria-labelledby={`${id}-charge`} className="mb-0">
              {formatAmount(charge.amount, 1, charge.currency)}
            </dd>
          </dl>
          {charge.currency !== currencyCode && (
            <p className="small text-body-secondary mb-0">
              {cartText.chargedIn(charge.currency, currencyCode)}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

const idleLookup = { status: 'idle', message: '', promo: null } as const;

/** The coupon field: the server looks the code up and prices the cart with it (CART-25). */
export function CouponForm({ kind }: { kind: CartKind }) {
  const dispatch = useAppDispatch();
  const lookup = useAppSelector((state) => state.cart.couponLookup);
  const { status, message, promo } = lookup.kind === kind ? lookup : idleLookup;
  const [code, setCode] = useState('');
  const inputId = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return;
    void dispatch(couponApplied({ kind, code }));
  };

  return (
    <form aria-label={cartText.coupon} className="mt-3" onSubmit={apply} noValidate>
      <label htmlFor={inputId} className="form-label small">
        {cartText.coupon}
      </label>
      <div className="input-group">
        <input
          id={inputId}
          className="form-control tap-field"
          placeholder={cartText.couponPlaceholder}
          value={code}
          maxLength={40}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <button type="submit" className="btn btn-outline-primary" disabled={status === 'loading'}>
          {status === 'loading' && (
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
          )}
          {cartText.applyCoupon}
        </button>
      </div>
      {status === 'error' && (
        <div role="alert" className="small text-danger mt-1">
          {message}
        </div>
      )}
      {status === 'success' && promo && (
        <div role="status" className="small text-success mt-1">
          {cartText.couponApplied(promo.code)}
        </div>
      )}
    </form>
  );
}
