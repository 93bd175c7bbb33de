/**
 * Every page of the back office reached from its menu, as paths under `/admin/`: the screen walk
 * takes its pictures of them and the phone check (issue 34.7) measures them.
 */
export const backOfficeScreens = [
  'dashboard',
  'orders',
  'customers',
  'reviews',
  'enquiries',
  'products',
  'products/import',
  'products/new',
  'categories',
  'inventory',
  'content/slides',
  'content/campaigns',
  'content/best-sellers',
  'content/cleaning',
  'content/pages',
  'content/pages/terms',
  'promotions/coupons',
  'promotions/sales',
  'shipping/zones',
  'shipping/postal-codes',
  'settings',
  'settings/exchange-rates',
  'staff',
  'audit',
  'accounting',
] as const;
