import { describe, expect, it } from 'vitest';
import {
  amountByRate,
  paidLineAmounts,
  returnAmount,
  splitExactly,
  type PricedLine,
} from './refund-amounts.js';

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % max;
  };
}

describe('refund amounts (issue 13)', () => {
  it('splits an amount exactly, no share above its exact value by a whole øre (issue 13)', () => {
    expect(splitExactly(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(splitExactly(0, [5, 7])).toEqual([0, 0]);
    expect(splitExactly(10, [0, 3])).toEqual([0, 10]);
    expect(() => splitExactly(10, [0, 0])).toThrow(RangeError);
    const next = random(13);
    for (let run = 0; run < 200; run += 1) {
      const weights = Array.from({ length: 1 + next(6) }, () => next(100_000));
      const total = next(sum(weights) + 1);
      const shares = splitExactly(total, weights);
      expect(sum(shares)).toBe(sum(weights) === 0 ? 0 : total);
      shares.forEach((share, index) => {
        const exact = (total * (weights[index] ?? 0)) / Math.max(sum(weights), 1);
        expect(Math.abs(share - exact)).toBeLessThan(1);
        expect(share).toBeGreaterThanOrEqual(0);
      });
    }
  });

  it('apportions the coupon over the lines so they add up to items total less discount, remainder on the last line (issue 13)', () => {
    const lines: PricedLine[] = [
      { id: 'a', quantity: 3, unitPriceOre: 10_000, vatPercent: 25 },
      { id: 'b', quantity: 1, unitPriceOre: 10_000, vatPercent: 15 },
      { id: 'c', quantity: 1, unitPriceOre: 10_000, vatPercent: 25 },
    ];
    // List prices 55 000, product discounts 5 000, coupon 1 000: 49 000 paid for the goods.
    const paid = paidLineAmounts({ itemsTotalOre: 55_000, discountOre: 6_000 }, lines);
    expect([...paid.values()]).toEqual([29_400, 9_800, 9_800]);
    const odd = paidLineAmounts({ itemsTotalOre: 50_000, discountOre: 100 }, lines);
    expect([...odd.values()]).toEqual([29_940, 9_980, 9_980]);
    const thirds = paidLineAmounts({ itemsTotalOre: 30_000, discountOre: 100 }, [
      { id: 'x', quantity: 1, unitPriceOre: 10_000, vatPercent: 25 },
      { id: 'y', quantity: 1, unitPriceOre: 10_000, vatPercent: 25 },
      { id: 'z', quantity: 1, unitPriceOre: 10_000, vatPercent: 25 },
    ]);
    // 100 øre in thirds: 33, 33 and the remainder 34 on the last line.
    expect([...thirds.values()]).toEqual([9_967, 9_967, 9_966]);
    expect(() => paidLineAmounts({ itemsTotalOre: 60_000, discountOre: 0 }, lines)).toThrow(
      RangeError,
    );
  });

  it('returns of a line, one by one or all at once, add up to what the line was paid for (issue 13)', () => {
    expect(returnAmount(9_967, 3, 0, 1)).toBe(3_322);
    expect(returnAmount(9_967, 3, 1, 1)).toBe(3_322);
    expect(returnAmount(9_967, 3, 2, 1)).toBe(3_323);
    expect(returnAmount(9_967, 3, 0, 3)).toBe(9_967);
    expect(() => returnAmount(9_967, 3, 2, 2)).toThrow(RangeError);
    const next = random(7);
    for (let run = 0; run < 200; run += 1) {
      const lines: PricedLine[] = Array.from({ length: 1 + next(5) }, (_, index) => ({
        id: String(index),
        quantity: 1 + next(6),
        unitPriceOre: 1 + next(200_000),
        vatPercent: [25, 15, 0][next(3)] ?? 25,
      }));
      const goods = sum(lines.map((line) => line.unitPriceOre * line.quantity));
      const coupon = next(goods + 1);
      const paid = paidLineAmounts(
        { itemsTotalOre: goods + 500, discountOre: 500 + coupon },
        lines,
      );
      let refunded = 0;
      for (const line of lines) {
        let returned = 0;
        while (returned < line.quantity) {
          const units = 1 + next(line.quantity - returned);
          const amount = returnAmount(paid.get(line.id) ?? 0, line.quantity, returned, units);
          expect(amount).toBeGreaterThanOrEqual(0);
          refunded += amount;
          returned += units;
        }
      }
      expect(refunded).toBe(goods - coupon);
    }
  });

  it('splits an amount without goods over the VAT rates of what was paid, shipping at the rate it was paid at (issue 13)', () => {
    const lines: PricedLine[] = [
      { id: 'honey', quantity: 2, unitPriceOre: 11_500, vatPercent: 15 },
      { id: 'scarf', quantity: 1, unitPriceOre: 49_900, vatPercent: 25 },
    ];
    const paid = new Map([
      ['honey', 23_000],
      ['scarf', 49_900],
    ]);
    expect(amountByRate(82_800, lines, paid, [{ rate: 25, grossOre: 9_900 }])).toEqual([
      { vatPercent: 25, amountOre: 59_800 },
      { vatPercent: 15, amountOre: 23_000 },
    ]);
    const part = amountByRate(1_000, lines, paid, []);
    expect(sum(part.map((share) => share.amountOre))).toBe(1_000);
    expect(part).toEqual([
      { vatPercent: 25, amountOre: 684 },
      { vatPercent: 15, amountOre: 316 },
    ]);
  });

  it('gives a food-only order’s shipping back at 15 %, as it was paid (issue 29)', () => {
    const honey: PricedLine[] = [
      { id: 'honey', quantity: 2, unitPriceOre: 17_900, vatPercent: 15 },
    ];
    const paid = new Map([['honey', 35_800]]);
    const shipping = [{ rate: 15, grossOre: 7_900 }];
    // The shipping alone as goodwill, and the whole order on cancelling: all at 15 %.
    expect(amountByRate(7_900, honey, paid, shipping)).toEqual([
      { vatPercent: 15, amountOre: 7_900 },
    ]);
    expect(amountByRate(43_700, honey, paid, shipping)).toEqual([
      { vatPercent: 15, amountOre: 43_700 },
    ]);
  });
});
