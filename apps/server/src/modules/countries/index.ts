/** The countries module's public face: the only file other modules and app.ts import. */
export {
  countries,
  type Country,
  countryNameIn,
  findCountry,
  findCountryByName,
  firstCountryWithCurrency,
  HOME_COUNTRY_CODE,
  toCountryOption,
} from './countries.js';
