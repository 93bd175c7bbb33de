/** The texts of /orders (spec §2 'Other account screens'). */
export const ordersText = {
  title: 'My Orders',
  status: 'Status',
  serialNumber: 'S.N',
  product: 'Product',
  quantity: 'Quantity',
  price: 'Price',
  subTotal: 'Sub-Total',
  withDiscount: 'with Discount',
  empty: 'You have not placed any orders yet.',
  continueShopping: 'Continue Shopping',
  order: (date: string) => `Order of ${date}`,
} as const;
