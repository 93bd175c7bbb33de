/** The texts of /orders (spec §2 'Other account screens'). */
export const ordersText = {
  title: 'My Orders',
  status: 'Status',
  serialNumber: 'S.N',
  product: 'Product',
  quantity: 'Quantity',
  price: 'Price',
  subTotal: 'Sub-Total',
  shipping: 'Shipping',
  storePickup: 'Store Pickup',
  discount: (couponCode: string | null) => (couponCode ? `Discount (${couponCode})` : 'Discount'),
  withDiscount: 'with Discount',
  refund: (kind: 'return' | 'cancellation' | 'goodwill', date: string) =>
    ({
      return: `Return refunded ${date}`,
      cancellation: `Cancelled, refunded ${date}`,
      goodwill: `Refunded ${date}`,
    })[kind],
  returnedItem: (quantity: number, name: string) => `${quantity} × ${name}`,
  totalAfterRefunds: 'Total after refunds',
  empty: 'You have not placed any orders yet.',
  continueShopping: 'Continue Shopping',
  order: (reference: string, date: string) => `${reference} of ${date}`,
} as const;
