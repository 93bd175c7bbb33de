/** The currency module's public face: the only file other modules and app.ts import. */
export { convertibleCountries, seedExchangeRatesIfEmpty } from './currency.service.js';
export { currencyModule } from './currency.module.js';
