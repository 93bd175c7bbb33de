import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentPropsWithRef,
  type FormEvent,
} from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router';
import {
  addressFields,
  shippingStepFormSchema,
  type AddressInput,
  type CountryOption,
  type ShippingStepForm,
} from '@shop/shared';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { isAccountUser } from '../accounts/index.js';
import { cartRefreshed, lineSignature, type CartKind } from '../cart/index.js';
import { useCountriesQuery } from '../currency/index.js';
import { AddressFields } from './address-fields.js';
import { useCheckoutText } from './checkout-i18n.js';
import { countryOptionCode } from './country-code.js';
import { orderErrorsReset } from './order-slice.js';
import { OrderSummary } from './order-summary.js';
import { cartPath, checkoutPath, lookUpSavedAddress, proceedToCheckout } from './order-thunks.js';
import { blankAddress, readSavedDetails, type SavedDetails } from './saved-details.js';
import { StoreAddress } from './store-address.js';

/**
 * SHIP-12: the first country of the list, Norway, until the shopper picks another. A saved
 * address may name its country by alpha-2; it is matched once the list is there.
 */
function listedCountry(code: string, countries: CountryOption[]): string {
  return code === '' ? (countries[0]?.ISOCode ?? '') : countryOptionCode(code, countries);
}

const sameAddress = (one: AddressInput, other: AddressInput) =>
  addressFields.every((field) => one[field] === other[field]);

/**
 * The form as the shopper left it: the details the step saved last (Back from the payment page
 * comes here, and the details are still what will be used), else empty.
 */
function formOf(saved: SavedDetails | undefined): ShippingStepForm {
  if (!saved) return { shipping: blankAddress(), billing: blankAddress(), billingChoice: null };
  const same = sameAddress(saved.shippingDetails, saved.billingAddress);
  return {
    shipping: saved.shippingDetails,
    billing: same ? blankAddress() : saved.billingAddress,
    billingChoice: same ? 'same' : 'different',
  };
}

type RadioProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'type'> & {
  label: string;
};

function Radio({ label, ...input }: RadioProps) {
  const id = useId();
  return (
    <div className="form-check form-check-inline tap-check">
      <input id={id} className="form-check-input" type="radio" {...input} />
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
  const t = useCheckoutText();
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
  const [savedForm] = useState(() => formOf(readSavedDetails()));
  const [useMine, setUseMine] = useState(false);
  const [savedNotice, setSavedNotice] = useState('');
  // Issue 10.5: every field's message at once after 'Proceed to Checkout', as it was then, until
  // the next attempt.
  const methods = useForm<ShippingStepForm>({
    resolver: zodResolver(shippingStepFormSchema),
    reValidateMode: 'onSubmit',
    // The focus goes to the first field in error, the postal code with a refused quote too.
    shouldFocusError: false,
    defaultValues: savedForm,
  });
  const { register, control, handleSubmit, getValues, setValue, clearErrors, formState } = methods;
  const billingChoice = useWatch({ control, name: 'billingChoice' });
  const billingChoiceField = register('billingChoice');
  const busy = formState.isSubmitting;
  const form = useRef<HTMLFormElement>(null);
  const radioName = useId();
  const useMineId = useId();
  const useMineNoticeId = useId();
  const signedIn = isAccountUser(user);
  useDocumentTitle(t('checkout.shipping.title'));

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
  const { submitCount } = formState;
  useEffect(() => {
    if (submitCount === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  useEffect(() => {
    if (countries.length === 0) return;
    for (const kind of ['shipping', 'billing'] as const) {
      const code = getValues(`${kind}.country`);
      const listed = listedCountry(code, countries);
      if (listed !== code) setValue(`${kind}.country`, listed);
    }
  }, [countries, getValues, setValue]);

  if (!signedIn) return <Navigate to="/login" replace />;
  if (lines.length === 0) return <Navigate to={cartPath(kind)} replace />;

  const fillShipping = (address: AddressInput) => {
    for (const field of addressFields) {
      const value =
        field === 'country' && countries.length > 0
          ? listedCountry(address.country, countries)
          : address[field];
      setValue(`shipping.${field}`, value);
    }
  };

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
      setSavedNotice(t(saved.status === 'none' ? 'checkout.saved.none' : 'checkout.saved.failed'));
      return;
    }
    fillShipping(saved.address);
  };

  const proceed = async (values: ShippingStepForm, fieldsValid: boolean) => {
    const outcome = await dispatch(proceedToCheckout(kind, values, fieldsValid));
    if (outcome.to === 'checkout') void navigate(checkoutPath(kind), { state: outcome.state });
    else if (outcome.to === 'cart') void navigate(cartPath(kind));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearErrors();
    if (storePickup) {
      // ORDER-12..14: no validation, no shipping price and blank details.
      dispatch(orderErrorsReset());
      void navigate(checkoutPath(kind), { state: { shippingPrice: 0, storePickup: true } });
      return;
    }
    // The quote and the stock check run whether or not the fields pass (spec §4); the fields'
    // messages show with the quote's answer.
    void handleSubmit(
      (values) => proceed(values, true),
      () => proceed(getValues(), false),
    )(event);
  };

  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">{t('checkout.shipping.title')}</h1>
      <div className="row g-4">
        <FormProvider {...methods}>
          <form ref={form} className="col-lg-8" noValidate onSubmit={submit}>
            <fieldset className="mb-3">
              <legend className="h5">{t('checkout.delivery')}</legend>
              <Radio
                name={`${radioName}-delivery`}
                label={t('checkout.delivery.home')}
                checked={!storePickup}
                onChange={() => setStorePickup(false)}
              />
              <Radio
                name={`${radioName}-delivery`}
                label={t('checkout.delivery.pickup')}
                checked={storePickup}
                onChange={() => setStorePickup(true)}
              />
            </fieldset>
            {storePickup && (
              <section aria-labelledby={`${radioName}-pickup`} className="card card-body mb-3">
                <h2 id={`${radioName}-pickup`} className="h6 fw-semibold">
                  {t('checkout.pickup.title')}
                </h2>
                <StoreAddress headingLevel="h3" />
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
                    {t('checkout.saved.use')}
                  </label>
                  {order.detailsLookupStatus === 'loading' && (
                    <span role="status" className="small text-body-secondary ms-2">
                      {t('checkout.saved.loading')}
                    </span>
                  )}
                  <div id={useMineNoticeId} role="status" className="small text-body-secondary">
                    {savedNotice}
                  </div>
                </div>
                <AddressFields
                  kind="shipping"
                  legend={t('checkout.shippingDetails')}
                  postalCodeMessage={order.isShippingPriceError ? order.shippingPriceMessage : ''}
                  countries={countries}
                />
                <fieldset className="mb-3">
                  <legend className="h5">{t('checkout.billing')}</legend>
                  <Radio label={t('checkout.billing.same')} value="same" {...billingChoiceField} />
                  <Radio
                    label={t('checkout.billing.different')}
                    value="different"
                    {...billingChoiceField}
                  />
                </fieldset>
                {billingChoice === 'different' && (
                  <AddressFields
                    kind="billing"
                    legend={t('checkout.billing.details')}
                    countries={countries}
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
              {busy && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {t('checkout.proceed')}
            </button>
          </form>
        </FormProvider>
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
