/**
 * What the other modules may use of payments: the provider they are handed (created at start
 * from the settings), its types, and how an amount becomes the provider's lines and VAT. The
 * providers, the stand-ins and the test payments' table stay the payments module's own.
 */
export type {
  ExpressAddress,
  ExpressDelivery,
  ExpressPaymentProvider,
  ExpressShippingOption,
  PaymentLine,
  PaymentProvider,
  PaymentStatus,
  ProviderPayment,
} from './payment-provider.js';
export {
  buildPaymentLines,
  isShippingLine,
  splitShippingByRate,
  vatByRate,
  vatOfGross,
  type PaymentLineItem,
  type ShippingShare,
} from './payment-lines.js';
export { RefundIncompleteError } from './provider-errors.js';
