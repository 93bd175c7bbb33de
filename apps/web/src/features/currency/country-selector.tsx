import { useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { useCountriesQuery } from './currency-api.js';
import { useCurrencyText } from './currency-i18n.js';
import { selectCurrency } from './currency-slice.js';

/**
 * Picks the shopper's country; every price follows its currency (GLOB-02). The closed list shows
 * only the chosen country: its some 250 options, a quarter of the home page's DOM, come when the
 * shopper reaches for it (focus, which a keyboard and a screen reader give first, or a press),
 * in the same task, before the browser opens the list.
 */
export function CountrySelector({ id = 'country-selector' }: { id?: string }) {
  const t = useCurrencyText();
  const dispatch = useAppDispatch();
  const { countryCode, currencyCode, status } = useAppSelector((state) => state.currency);
  const { data: countries } = useCountriesQuery(undefined);
  const [opened, setOpened] = useState(false);
  const open = () => {
    if (!opened) flushSync(() => setOpened(true));
  };
  const shown = opened
    ? countries
    : countries?.filter((country) => country.ISOCode === countryCode);

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
        onFocus={open}
        onPointerDown={open}
        onTouchStart={open}
        disabled={!countries || status === 'loading'}
      >
        {shown?.length ? (
          shown.map((country) => (
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
