import type { ChangeEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { useCountriesQuery } from './currency-api.js';
import { useCurrencyText } from './currency-i18n.js';
import { selectCurrency } from './currency-slice.js';

/** Picks the shopper's country; every price follows its currency (GLOB-02). */
export function CountrySelector({ id = 'country-selector' }: { id?: string }) {
  const t = useCurrencyText();
  const dispatch = useAppDispatch();
  const { countryCode, currencyCode, status } = useAppSelector((state) => state.currency);
  const { data: countries } = useCountriesQuery(undefined);

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const country = countries?.find((candidate) => candidate.ISOCode === event.target.value);
    if (country) {
      void dispatch(
        selectCurrency({ currencyCode: country.CurrencyCode, countryCode: country.ISOCode }),
      );
    }
  };

  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t('currency.selector.label')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm country-selector"
        value={countryCode}
        onChange={onChange}
        disabled={!countries || status === 'loading'}
      >
        {countries ? (
          countries.map((country) => (
            <option key={country.ISOCode} value={country.ISOCode}>
              {t('currency.selector.option', {
                country: country.name,
                currency: country.CurrencyCode,
              })}
            </option>
          ))
        ) : (
          <option value={countryCode}>{currencyCode}</option>
        )}
      </select>
    </>
  );
}
