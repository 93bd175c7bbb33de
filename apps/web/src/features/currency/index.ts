// The feature's public face (issue 11): other features and app/ import only this file. Plain
// re-exports only, so the bundler can leave out what an importer does not use.
export { CountrySelector } from './country-selector.js';
export { useCountriesQuery } from './currency-api.js';
export {
  alignCurrencyCookie,
  currencyReset,
  currencySlice,
  restoredCurrency,
  selectCurrency,
} from './currency-slice.js';
