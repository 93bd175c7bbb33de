import { useId, type ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import {
  addressFieldMaxLengths,
  type AddressField,
  type AddressKind,
  type CountryOption,
  type ShippingStepForm,
} from '@shop/shared';
import { useMessage } from '../../lib/i18n.js';
import { usePostalCity } from '../../lib/use-postal-city.js';
import { useCheckoutText } from './checkout-i18n.js';
import type en from './i18n/en.json';

interface AddressFieldsProps {
  kind: AddressKind;
  legend: string;
  /** The shipping postal code shows the shipping-price failure instead (VAL-38, ERR-20). */
  postalCodeMessage?: string;
  countries: CountryOption[];
}

interface FieldProps {
  id: string;
  label: string;
  error: string | undefined;
  help?: string;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** A labelled control with its help and its message in red, linked to it (VAL-29). */
function Field({ id, label, error, help, children }: FieldProps) {
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy =
    [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children(describedBy, Boolean(error))}
      {help && (
        <div id={helpId} className="form-text">
          {help}
        </div>
      )}
      {error && (
        <div id={errorId} role="alert" className="small text-danger mt-1">
          {error}
        </div>
      )}
    </div>
  );
}

const textFields: {
  field: Exclude<AddressField, 'country' | 'postalCode' | 'city'>;
  label: keyof typeof en;
  type: 'text' | 'tel' | 'email';
  autoComplete: string;
  help?: keyof typeof en;
}[] = [
  { field: 'name', label: 'checkout.field.name', type: 'text', autoComplete: 'name' },
  {
    field: 'phone',
    label: 'checkout.field.phone',
    type: 'tel',
    autoComplete: 'tel',
    help: 'checkout.field.phoneHelp',
  },
  { field: 'email', label: 'checkout.field.email', type: 'email', autoComplete: 'email' },
  {
    field: 'address',
    label: 'checkout.field.address',
    type: 'text',
    autoComplete: 'address-line1',
  },
  {
    field: 'apartmentNumber',
    label: 'checkout.field.apartmentNumber',
    type: 'text',
    autoComplete: 'address-line2',
  },
];

/**
 * One address of the shipping step: the fields of SHIP-08 with their rules' messages, in the
 * shipping step's form under `kind`.
 */
export function AddressFields({ kind, legend, postalCodeMessage, countries }: AddressFieldsProps) {
  const t = useCheckoutText();
  const inPageLanguage = useMessage();
  const { register, control, setValue, formState } = useFormContext<ShippingStepForm>();
  // Controlled: the list of countries arrives after the form, and the form picks from it.
  const { field: country } = useController({ control, name: `${kind}.country` });
  const postalCode = useWatch({ control, name: `${kind}.postalCode` });
  const id = useId();
  const fieldId = (field: AddressField) => `${id}-${field}`;
  const errors = formState.errors[kind];
  // The rules' messages are the shared catalogue's English keys; one it lacks reads as is.
  const errorOf = (field: AddressField) => {
    const message = errors?.[field]?.message;
    return message === undefined ? undefined : inPageLanguage(message);
  };
  const city = useWatch({ control, name: `${kind}.city` });
  const { unknownCode } = usePostalCity(country.value, postalCode, {
    value: city,
    set: (registered) => setValue(`${kind}.city`, registered),
  });
  const postalError = postalCodeMessage || errorOf('postalCode');

  return (
    <fieldset className="mb-3">
      <legend className="h5">{legend}</legend>
      {textFields.map(({ field, label, type, autoComplete, help }) => (
        <Field
          key={field}
          id={fieldId(field)}
          label={t(label)}
          error={errorOf(field)}
          help={help && t(help)}
        >
          {(describedBy, invalid) => (
            <input
              id={fieldId(field)}
              type={type}
              className={`form-control tap-field${invalid ? ' is-invalid' : ''}`}
              autoComplete={`section-${kind} ${kind} ${autoComplete}`}
              title={help && t(help)}
              maxLength={addressFieldMaxLengths[field]}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register(`${kind}.${field}`)}
            />
          )}
        </Field>
      ))}
      <Field id={fieldId('country')} label={t('checkout.field.country')} error={errorOf('country')}>
        {(describedBy, invalid) => (
          <select
            id={fieldId('country')}
            className={`form-select tap-field${invalid ? ' is-invalid' : ''}`}
            autoComplete={`section-${kind} ${kind} country`}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...country}
          >
            {country.value === '' && <option value="">{t('checkout.field.chooseCountry')}</option>}
            {countries.map((option) => (
              <option key={option.ISOCode} value={option.ISOCode}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="row">
        <div className="col-sm-5">
          <Field
            id={fieldId('postalCode')}
            label={t('checkout.field.postalCode')}
            error={postalError}
          >
            {(describedBy, invalid) => (
              <input
                id={fieldId('postalCode')}
                className={`form-control tap-field${invalid ? ' is-invalid' : ''}`}
                autoComplete={`section-${kind} ${kind} postal-code`}
                inputMode="numeric"
                maxLength={addressFieldMaxLengths.postalCode}
                placeholder={t('checkout.field.postalCodePlaceholder')}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...register(`${kind}.postalCode`)}
              />
            )}
          </Field>
        </div>
        <div className="col-sm-7">
          <Field
            id={fieldId('city')}
            label={t('checkout.field.city')}
            error={errorOf('city')}
            help={unknownCode ? t('checkout.field.unknownPostalCode') : undefined}
          >
            {(describedBy, invalid) => (
              <input
                id={fieldId('city')}
                className={`form-control tap-field${invalid ? ' is-invalid' : ''}`}
                autoComplete={`section-${kind} ${kind} address-level2`}
                maxLength={addressFieldMaxLengths.city}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...register(`${kind}.city`)}
              />
            )}
          </Field>
        </div>
      </div>
    </fieldset>
  );
}
