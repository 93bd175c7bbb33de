import { describe, expect, it } from 'vitest';
import { wordsOf } from '../../test/words.js';
import type en from './i18n/en.json';
import { orderSums, shippingRows } from './order-sums.js';

const { t } = wordsOf<typeof en>('en');

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

describe('shippingRows (issue 29)', () => {
  it('lists the shipping at the goods’ rate, or a row per rate when it was split', () => {
    expect(
      shippingRows(t, { deliveryMethod: 'home', shippingByRate: [{ rate: 15, grossOre: 7_900 }] }),
    ).toEqual([{ label: 'Shipping (15 % VAT)', ore: 7_900 }]);
    expect(
      shippingRows(t, {
        deliveryMethod: 'home',
        shippingByRate: [
          { rate: 25, grossOre: 5_926 },
          { rate: 15, grossOre: 1_975 },
        ],
      }),
    ).toEqual([
      { label: 'Shipping, share at 25 % VAT', ore: 5_926 },
      { label: 'Shipping, share at 15 % VAT', ore: 1_975 },
    ]);
  });

  it('has one row of nothing for a store pickup or free shipping', () => {
    expect(shippingRows(t, { deliveryMethod: 'pickup', shippingByRate: [] })).toEqual([
      { label: 'Shipping (store pickup)', ore: 0 },
    ]);
    expect(shippingRows(t, { deliveryMethod: 'home', shippingByRate: [] })).toEqual([
      { label: 'Shipping', ore: 0 },
    ]);
  });
});

describe('shippingRows in Norwegian', () => {
  it('names the shipping and its VAT in bokmål', () => {
    const norwegian = wordsOf<typeof en>('nb').t;
    expect(
      shippingRows(norwegian, {
        deliveryMethod: 'home',
        shippingByRate: [{ rate: 25, grossOre: 9_900 }],
      }),
    ).toEqual([{ label: 'Frakt (25 % mva.)', ore: 9_900 }]);
    expect(shippingRows(norwegian, { deliveryMethod: 'pickup', shippingByRate: [] })).toEqual([
      { label: 'Frakt (hent i butikk)', ore: 0 },
    ]);
  });
});
