export * from './errors.js';
export * from './money.js';
export * from './common.js';
export * from './catalog.js';
export * from './currency.js';
export * from './routes.js';
export * from './cart-rules.js';
export * from './cart.js';
