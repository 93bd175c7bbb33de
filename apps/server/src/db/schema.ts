export * from '../modules/catalog/catalog.tables.js';
export * from '../modules/content/content.tables.js';
export * from '../modules/currency/currency.tables.js';
export * from '../modules/promotions/promotions.tables.js';
