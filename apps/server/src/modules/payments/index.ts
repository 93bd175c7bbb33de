/** The payments module's public face: the only file other modules and app.ts import. */
export { createPaymentProvider } from './payment-provider.js';
export {
  checkoutPaymentMethods,
  createVippsSetup,
  fetchThroughApp,
  standInPath,
  vippsShippingOptionsPath,
  vippsWebhookPath,
  type VippsSetup,
} from './vipps/vipps-setup.js';
export {
  buildPaymentLines,
  isShippingLine,
  RefundIncompleteError,
  type ExpressAddress,
  type ExpressDelivery,
  type ExpressPaymentProvider,
  type ExpressShippingOption,
  type PaymentLine,
  type PaymentProvider,
  type PaymentStatus,
  type ShippingShare,
  splitShippingByRate,
  vatByRate,
  vatOfGross,
} from './payments.service.js';
export { paymentsModule } from './payments.module.js';
