/** The shipping module's public face: the only file other modules and app.ts import. */
export { seedPostalCodesIfEmpty } from './postal-register.service.js';
export { seedShippingRatesIfEmpty } from './shipping-rates-seed.js';
export { homeDeliveryPricing, quoteShipping, shipsToCountries } from './shipping.service.js';
export { shippingModule } from './shipping.module.js';
