import type { CartProduct, ProductDetail } from '@shop/shared';

/** The cart line's product: the original item as the product page received it, unconverted. */
export function toCartProduct(product: ProductDetail): CartProduct {
  const { _id, name, slug, stock, orderLimit, heroImage, price, discount, sellingPrice, variants } =
    product;
  return { _id, name, slug, stock, orderLimit, heroImage, price, discount, sellingPrice, variants };
}
