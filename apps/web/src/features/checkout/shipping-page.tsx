import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { AddressField, AddressInput } from '@shop/shared';
import { useAppDispatch, useAppSelector } from '../../app/store.js';
import { shopContact } from '../../components/layout/shop-contact.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { isAccountUser } from '../accounts/session-slice.js';
import type { CartKind } from '../cart/cart-slice.js';
import { cartRefreshed, lineSignature } from '../cart/cart-sync.js';
import { useCountriesQuery } from '../currency/currency-api.js';
import { AddressFields } from './address-fields.js';
import { checkoutText } from './checkout-text.js';
import { countryOptionCode } from './country-code.js';
import { orderErrorsReset } from './order-slice.js';
import { OrderSummary } from './order-summary.js';
import {
  cartPath,
  checkoutPath,
  lookUpSavedAddress,
  proceedToCheckout,
  type BillingChoice,
  type FormErrors,
} from './order-thunks.js';
import { blankAddress } from './saved-details.js';

const noErrors: FormErrors = { shipping: {}, billing: {} };

interface RadioProps {
  name: string;
  label: string;
  checked: boolean;
  onChange: () => void;
}

function Radio({ name, label, checked, onChange }: RadioProps) {
  const id = useId();
  return (
    <div className="form-check form-check-inline tap-check">
      <input
        id={id}
        className="form-check-input"
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  );
}

/**
 * The shipping step of the cart or the buy-now item (SHIP-01..20): home delivery with its
 * address forms, or store pickup, then 'Proceed to Checkout'.
 */
export function ShippingStep({ kind }: { kind: CartKind }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.session.userInfo);
  const lines = useAppSelector((state) =>
    kind === 'cart' ? state.cart.cartItems : state.cart.buyNowCartItems,
  );
  const order = useAppSelector((state) => state.order);
  const { data: allCountries } = useCountriesQuery(undefined);
  const countries = useMemo(
    () => (allCountries ?? []).filter((country) => country.shipping),
    [allCountries],
  );
  const [storePickup, setStorePickup] = useState(false);
  const [useMine, setUseMine] = useState(false);
  const [savedNotice, setSavedNotice] = useState('');
  const [shipping, setShipping] = useState<AddressInput>(blankAddress);
  const [billing, setBilling] = useState<AddressInput>(blankAddress);
  const [billingChoice, setBillingChoice] = useState<BillingChoice>(null);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [refusedAttempts, setRefusedAttempts] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const radioName = useId();
  const useMineId = useId();
  const useMineNoticeId = useId();
  const signedIn = isAccountUser(user);
  useDocumentTitle(checkoutText.shippingTitle);

  // Messages of an earlier visit belong to the form as it was then.
  useEffect(() => {
    dispatch(orderErrorsReset());
  }, [dispatch]);

  // SHIP-20: the lines are priced again by the server while the shopper fills the form.
  const signature = lineSignature(lines);
  useEffect(() => {
    if (!signedIn) return;
    const refresh = dispatch(cartRefreshed(kind));
    return () => refresh.abort();
  }, [dispatch, kind, signature, signedIn]);

  // After a refused attempt the shopper starts at the first field in error, whichever it is.
  useEffect(() => {
    if (refusedAttempts === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedAttempts]);

  if (!signedIn) return <Navigate to="/login" replace />;
  if (lines.length === 0) return <Navigate to={cartPath(kind)} replace />;

  // SHIP-12: the first country of the list, Norway, until the shopper picks another. A saved
  // address may name its country by alpha-2; it is matched once the list is there.
  const firstCountry = countries[0]?.ISOCode ?? '';
  const withDefault = (address: AddressInput): AddressInput => ({
    ...address,
    country:
      address.country === ''
        ? firstCountry
        : countries.length === 0
          ? address.country
          : countryOptionCode(address.country, countries),
  });
  const shippingValue = withDefault(shipping);
  const billingValue = withDefault(billing);

  const change =
    (set: typeof setShipping) =>
    (field: AddressField, value: string): void =>
      set((address) => ({ ...address, [field]: value }));

  const fillFromSaved = async (event: ChangeEvent<HTMLInputElement>) => {
    const checked = event.currentTarget.checked;
    setUseMine(checked);
    setSavedNotice('');
    if (!checked) return;
    const saved = await dispatch(lookUpSavedAddress());
    if (saved.status !== 'found') {
      // Issue 10.4: the spec's trip to /login (SHIP-07) lost the cart for a signed-in shopper;
      // the form stays as it is and the shopper is told why nothing was filled.
      setUseMine(false);
      setSavedNotice(
        saved.status === 'none' ? checkoutText.noSavedAddress : checkoutText.savedAddressFailed,
      );
      return;
    }
    setShipping(saved.address);
  };

  const proceed = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(noErrors);
    if (storePickup) {
      // ORDER-12..14: no validation, no shipping price and blank details.
      dispatch(orderErrorsReset());
      void navigate(checkoutPath(kind), { state: { shippingPrice: 0, storePickup: true } });
      return;
    }
    setBusy(true);
    const outcome = await dispatch(
      proceedToCheckout(kind, {
        shipping: shippingValue,
        billing: billingValue,
        billingChoice,
      }),
    );
    setBusy(false);
    if (outcome.to === 'checkout') void navigate(checkoutPath(kind), { state: outcome.state });
    else if (outcome.to === 'cart') void navigate(cartPath(kind));
    else {
      setErrors(outcome.errors);
      setRefusedAttempts((count) => count + 1);
    }
  };

  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{checkoutText.shippingTitle}</h1>
      <div className="row g-4">
        <form ref={form} className="col-lg-8" noValidate onSubmit={(event) => void proceed(event)}>
          <fieldset className="mb-3">
            <legend className="h5">{checkoutText.delivery}</legend>
            <Radio
              name={`${radioName}-delivery`}
              label={checkoutText.homeDelivery}
              checked={!storePickup}
              onChange={() => setStorePickup(false)}
            />
            <Radio
              name={`${radioName}-delivery`}
              label={checkoutText.storePickup}
              checked={storePickup}
              onChange={() => setStorePickup(true)}
            />
          </fieldset>
          {storePickup && (
            <section aria-labelledby={`${radioName}-pickup`} className="card card-body mb-3">
              <h2 id={`${radioName}-pickup`} className="h6 fw-semibold">
                {checkoutText.pickupAt}
              </h2>
              <address className="mb-2">
                {shopContact.name}
                <br />
                {shopContact.location}
              </address>
              <h3 className="h6 fw-semibold mb-1">{checkoutText.openingHours}</h3>
              <ul className="list-unstyled mb-0">
                {shopContact.openingHours.map((hours) => (
                  <li key={hours}>{hours}</li>
                ))}
              </ul>
            </section>
          )}
          {!storePickup && (
            <>
              <div className="form-check tap-check mb-3">
                <input
                  id={useMineId}
                  className="form-check-input"
                  type="checkbox"
                  checked={useMine}
                  aria-describedby={savedNotice === '' ? undefined : useMineNoticeId}
                  onChange={(event) => void fillFromSaved(event)}
                />
                <label htmlFor={useMineId} className="form-check-label">
                  {checkoutText.useMyDetails}
                </label>
                {order.detailsLookupStatus === 'loading' && (
                  <span role="status" className="small text-body-secondary ms-2">
                    {checkoutText.lookingUpDetails}
                  </span>
                )}
                <div id={useMineNoticeId} role="status" className="small text-body-secondary">
                  {savedNotice}
                </div>
              </div>
              <AddressFields
                kind="shipping"
                legend={checkoutText.shippingDetails}
                value={shippingValue}
                errors={errors.shipping}
                postalCodeMessage={order.isShippingPriceError ? order.shippingPriceMessage : ''}
                countries={countries}
                onChange={change(setShipping)}
              />
              <fieldset className="mb-3">
                <legend className="h5">{checkoutText.billingAddress}</legend>
                <Radio
                  name={`${radioName}-billing`}
                  label={checkoutText.sameAsShipping}
                  checked={billingChoice === 'same'}
                  onChange={() => setBillingChoice('same')}
                />
                <Radio
                  name={`${radioName}-billing`}
                  label={checkoutText.differentAddress}
                  checked={billingChoice === 'different'}
                  onChange={() => setBillingChoice('different')}
                />
              </fieldset>
              {billingChoice === 'different' && (
                <AddressFields
                  kind="billing"
                  legend={checkoutText.billingDetails}
                  value={billingValue}
                  errors={errors.billing}
                  countries={countries}
                  onChange={change(setBilling)}
                />
              )}
            </>
          )}
          {order.isDetailsSaveError && (
            <div role="alert" className="alert alert-danger py-2">
              {order.detailsSaveMessage}
            </div>
          )}
          <button
            type="submit"
            className="btn btn-primary tap-target"
            disabled={busy}
            aria-busy={busy}
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {checkoutText.proceed}
          </button>
        </form>
        <div className="col-lg-4">
          <OrderSummary kind={kind} shippingPrice={storePickup ? 0 : undefined} />
        </div>
      </div>
    </div>
  );
}

export default function ShippingPage() {
  return <ShippingStep kind="cart" />;
}

export function BuyNowShippingPage() {
  return <ShippingStep kind="buyNow" />;
}
