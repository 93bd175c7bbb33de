/** Every user-visible text of the cart pages and the product page's cart buttons. */
export const cartText = {
  cartTitle: 'Shopping Cart',
  buyNowTitle: 'Buy Now',
  lines: 'Cart items',
  variant: (variants: Record<string, string>) =>
    Object.entries(variants)
      .map(([name, value]) => `${name}: ${value}`)
      .join(', '),
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
  couponBelowMinimum: (code: string, minOrderNok: number) =>
    `Coupon ${code} applies to orders of ${minOrderNok.toLocaleString('nb-NO')} kr or more`,
  checkout: 'Checkout',
  productAdded: 'Product Added Successfully !!',
  viewCart: 'View cart',
} as const;
