import { describe, expect, it } from 'vitest';
import { cartResponseSchema, nokToOre, ore } from '@shop/shared';
import type { CartLineInOre } from './cart.service.js';
import { cartToWire } from './cart.wire.js';

const line = (name: string, priceOre: number, discount: number, qty: number): CartLineInOre => ({
  product: {
    _id: `00000000-0000-4000-8000-00000000000${qty}`,
    name,
    slug: name.toLowerCase().replaceAll(' ', '-'),
    stock: 10,
    orderLimit: 10,
    heroImage: '',
    priceOre: ore(priceOre),
    discount,
    sellingPriceOre: ore(Math.round((priceOre * (100 - discount)) / 100)),
    variants: {},
  },
  qty,
});

describe('the priced cart in NOK on the wire (issue 30.6)', () => {
  it('sends a cart with a coupon: lines, total, discount and grand total in NOK', () => {
    // Two shirts at 299.00 less 20 % (239.20) and a honey at 199.50; a 10 % coupon on the
    // selling total of 677.90 takes 67.79 more.
    const shirts = line('Hemp T-Shirt', 29_900, 20, 2);
    const honey = line('Acacia Honey', 19_950, 0, 1);
    const totalOre = 2 * 29_900 + 19_950;
    const discountOre = 2 * (29_900 - 23_920) + 6_779;
    const wire = cartToWire({
      cartItems: [shirts, honey],
      totalOre: ore(totalOre),
      discountOre: ore(discountOre),
      grandTotalOre: ore(totalOre - discountOre),
    });
    expect(cartResponseSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({ total: 797.5, discount: 187.39, grandTotal: 610.11 });
    expect(
      wire.cartItems.map(({ product, qty }) => [product.price, product.sellingPrice, qty]),
    ).toEqual([
      [299, 239.2, 2],
      [199.5, 199.5, 1],
    ]);
    expect(wire.cartItems[0]?.product).not.toHaveProperty('priceOre');
    expect(nokToOre(wire.grandTotal)).toBe(totalOre - discountOre);
  });
});
