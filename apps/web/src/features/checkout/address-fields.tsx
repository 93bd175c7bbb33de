import { useId, type ReactNode } from 'react';
import type {
  AddressErrors,
  AddressField,
  AddressInput,
  AddressKind,
  CountryOption,
} from '@shop/shared';
import { usePostalCity } from '../../lib/use-postal-city.js';
import { checkoutText } from './checkout-text.js';

interface AddressFieldsProps {
  kind: AddressKind;
  legend: string;
  value: AddressInput;
  errors: AddressErrors;
  /** The shipping postal code shows the shipping-price failure instead (VAL-38, ERR-20). */
  postalCodeMessage?: string;
  countries: CountryOption[];
  onChange: (field: AddressField, value: string) => void;
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
  label: string;
  type: 'text' | 'tel' | 'email';
  autoComplete: string;
  help?: string;
}[] = [
  { field: 'name', label: checkoutText.fullName, type: 'text', autoComplete: 'name' },
  {
    field: 'phone',
    label: checkoutText.phone,
    type: 'tel',
    autoComplete: 'tel',
    help: checkoutText.phoneHelp,
  },
  { field: 'email', label: checkoutText.email, type: 'email', autoComplete: 'email' },
  { field: 'address', label: checkoutText.address, type: 'text', autoComplete: 'address-line1' },
  {
    field: 'apartmentNumber',
    label: checkoutText.apartmentNumber,
    type: 'text',
    autoComplete: 'address-line2',
  },
];

/** One address of the shipping step: the fields of SHIP-08 with their rules' messages. */
export function AddressFields({
  kind,
  legend,
  value,
  errors,
  postalCodeMessage,
  countries,
  onChange,
}: AddressFieldsProps) {
  const id = useId();
  const section = kind === 'shipping' ? 'shipping' : 'billing';
  const fieldId = (field: AddressField) => `${id}-${field}`;
  usePostalCity(value.country, value.postalCode, (city) => onChange('city', city));
  const postalError = errors.postalCode || postalCodeMessage || undefined;

  return (
    <fieldset className="mb-3">
      <legend className="h5">{legend}</legend>
      {textFields.map(({ field, label, type, autoComplete, help }) => (
        <Field key={field} id={fieldId(field)} label={label} error={errors[field]} help={help}>
          {(describedBy, invalid) => (
            <input
              id={fieldId(field)}
              type={type}
              className={`form-control tap-field${invalid ? ' is-invalid' : ''}`}
              autoComplete={`section-${section} ${kind} ${autoComplete}`}
              title={help}
              value={value[field]}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(event) => onChange(field, event.currentTarget.value)}
            />
          )}
        </Field>
      ))}
      <Field id={fieldId('country')} label={checkoutText.country} error={errors.country}>
        {(describedBy, invalid) => (
          <select
            id={fieldId('country')}
            className={`form-select tap-field${invalid ? ' is-invalid' : ''}`}
            autoComplete={`section-${section} ${kind} country`}
            value={value.country}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => onChange('country', event.currentTarget.value)}
          >
            {value.country === '' && <option value="">{checkoutText.chooseCountry}</option>}
            {countries.map((country) => (
              <option key={country.ISOCode} value={country.ISOCode}>
                {country.Country}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="row">
        <div className="col-sm-5">
          <Field id={fieldId('postalCode')} label={checkoutText.postalCode} error={postalError}>
            {(describedBy, invalid) => (
              <input
                id={fieldId('postalCode')}
                className={`form-control tap-field${invalid ? ' is-invalid' : ''}`}
                autoComplete={`section-${section} ${kind} postal-code`}
                inputMode="numeric"
                placeholder={checkoutText.postalCodePlaceholder}
                value={value.postalCode}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                onChange={(event) => onChange('postalCode', event.currentTarget.value)}
              />
            )}
          </Field>
        </div>
        <div className="col-sm-7">
          <Field id={fieldId('city')} label={checkoutText.city} error={errors.city}>
            {(describedBy, invalid) => (
              <input
                id={fieldId('city')}
                className={`form-control tap-field${invalid ? ' is-invalid' : ''}`}
                autoComplete={`section-${section} ${kind} address-level2`}
                value={value.city}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                onChange={(event) => onChange('city', event.currentTarget.value)}
              />
            )}
          </Field>
        </div>
      </div>
    </fieldset>
  );
}
