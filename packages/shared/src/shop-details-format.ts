import type { ShopDetails } from './shop-details.js';

// Without zod, so the storefront's first load can show the shop's details without the schemas.

/** The payment logos the storefront has; the owner ticks the ones their payment contract takes. */
export const paymentMethodLogos = ['visa', 'mastercard', 'vipps', 'bankaxept', 'klarna'] as const;
export type PaymentMethodLogo = (typeof paymentMethodLogos)[number];
export const paymentMethodNames: Record<PaymentMethodLogo, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  vipps: 'Vipps',
  bankaxept: 'BankAxept',
  klarna: 'Klarna',
};

/** 923456789 → 923 456 789, as the Brønnøysund register writes it. */
export function formatOrganisationNumber(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

/** 'Storgata 12, 0155 Oslo, Norway': the shop's address on one line. */
export function shopAddressLine(shop: ShopDetails): string {
  return `${shop.street}, ${shop.postalCode} ${shop.city}, ${shop.country}`;
}

/** '+47 22 12 34 56' → 'tel:+4722123456', the link a phone dials. */
export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
