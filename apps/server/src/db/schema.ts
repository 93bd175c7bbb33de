export * from '../modules/catalog/catalog.tables.js';
export * from '../modules/content/content.tables.js';
export * from '../modules/currency/currency.tables.js';
export * from '../modules/promotions/promotions.tables.js';
export * from '../modules/accounts/accounts.tables.js';
export * from '../modules/mail/mail.tables.js';
