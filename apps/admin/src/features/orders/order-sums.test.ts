import { describe, expect, it } from 'vitest';
import { orderSums } from './order-sums.js';

const line = (lineTotalOre: number) => ({ lineTotalOre }) as never;

describe('orderSums', () => {
  it('splits the discount into the product discounts and the coupon', () => {
    // Two lines sold at 952 + 100 of list 1 190 + 100; a coupon took 50 more off.
    expect(
      orderSums({
        lines: [line(190_400), line(10_000)],
        itemsTotalOre: 248_000,
        discountOre: 47_600 + 5_000,
      }),
    ).toEqual({ linesOre: 200_400, productDiscountOre: 47_600, couponOre: 5_000 });
  });

  it('has no coupon when the discount is the products’ alone', () => {
    expect(
      orderSums({ lines: [line(190_400)], itemsTotalOre: 238_000, discountOre: 47_600 }),
    ).toEqual({ linesOre: 190_400, productDiscountOre: 47_600, couponOre: 0 });
  });

  it('has nothing to split without discounts', () => {
    expect(orderSums({ lines: [line(9_900)], itemsTotalOre: 9_900, discountOre: 0 })).toEqual({
      linesOre: 9_900,
      productDiscountOre: 0,
      couponOre: 0,
    });
  });
});
