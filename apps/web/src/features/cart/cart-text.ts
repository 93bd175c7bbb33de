import { variantText } from '@shop/shared';

/** Every user-visible text of the cart pages and the product page's cart buttons. */
export const cartText = {
  cartTitle: 'Shopping Cart',
  buyNowTitle: 'Buy Now',
  lines: 'Cart items',
  // In the shared order of the mails and the back office (issue 29.12).
  variant: (variants: Record<string, string>) => variantText(variants),
  remove: 'remove',
  removeLine: (name: string) => `Remove ${name}`,
  decrease: (name: string) => `Remove one ${name}`,
  increase: (name: string) => `Add one ${name}`,
  quantity: (name: string) => `Quantity of ${name}`,
  stockLimitReached: 'Stock limit reached',
  orderLimitReached: 'Order limit reached',
  unitCost: 'Unit cost',
  subTotal: 'Sub-total',
  clearCart: 'clear cart',
  continueShopping: 'continue shopping',
  emptyTitle: 'Your cart is empty',
  emptyHint: 'Add something you like and it will wait for you here.',
  billingSummary: 'Billing summary',
  totalMrp: 'Total M.R.P',
  shippingCost: 'Shipping cost',
  shippingLater: 'Will be calculated later',
  youPay: 'You pay',
  chargedIn: (currency: string, shown: string) =>
    `Your card is charged in ${currency}. The ${shown} amounts above are for your information.`,
  discount: 'Discount',
  grandTotal: 'GRAND-TOTAL',
  coupon: 'Coupon code',
  couponPlaceholder: 'Enter coupon code',
  applyCoupon: 'Apply',
  couponApplied: (code: string) => `Coupon ${code} applied`,
  /** `minimum` is the coupon's minimum order in the shopper's currency, formatted. */
  couponBelowMinimum: (code: string, minimum: string) =>
    `Coupon ${code} applies to orders of ${minimum} or more`,
  appliedCoupon: (code: string) => `Coupon ${code}`,
  removeCoupon: 'Remove coupon',
  removeCouponNamed: (code: string) => `Remove coupon ${code}`,
  checkout: 'Checkout',
  productAdded: 'Product Added Successfully !!',
  viewCart: 'View cart',
} as const;
