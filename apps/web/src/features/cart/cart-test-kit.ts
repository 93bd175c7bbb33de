import type { CartProduct } from '@shop/shared';

/** A cart product as the server answers it, for the cart tests. */
export function cartProduct(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    _id: '0b7c6a52-5b0e-4d7a-9a55-2f1f6f1b0001',
    name: 'Wool socks',
    slug: 'wool-socks',
    stock: 10,
    orderLimit: 5,
    heroImage: '/socks.jpg',
    price: 200,
    discount: 10,
    sellingPrice: 180,
    variants: {},
    ...overrides,
  };
}

export const socks = cartProduct();
export const honey = cartProduct({
  _id: '0b7c6a52-5b0e-4d7a-9a55-2f1f6f1b0002',
  name: 'Forest honey',
  slug: 'forest-honey',
  price: 99.9,
  discount: 0,
  sellingPrice: 99.9,
});
