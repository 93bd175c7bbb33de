import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  formatAmount as formatAmountNbsp,
  formatPrice as formatPriceNbsp,
  type InOre,
  nokToOre,
  ore,
  type Ore,
  oreToNok,
  sellingPriceOre,
} from './money.js';

// Intl separates code and amount with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const formatPrice = (...args: Parameters<typeof formatPriceNbsp>) =>
  plain(formatPriceNbsp(...args));
const formatAmount = (...args: Parameters<typeof formatAmountNbsp>) =>
  plain(formatAmountNbsp(...args));

describe('money', () => {
  it('converts between øre and NOK without float drift', () => {
    expect(nokToOre(199.9)).toBe(19990);
    expect(oreToNok(19990)).toBe(199.9);
  });

  it('rounds a discounted selling price to whole øre', () => {
    expect(sellingPriceOre(19990, 15)).toBe(16992);
    expect(sellingPriceOre(10000, 0)).toBe(10000);
  });

  it('CONST-18 product prices show decimals only when not whole', () => {
    expect(formatPrice(100, 1, 'NOK')).toBe('NOK 100');
    expect(formatPrice(99.5, 1, 'NOK')).toBe('NOK 99.50');
    expect(formatPrice(100, 0.0873, 'EUR')).toBe('EUR 8.73');
  });

  it('CONST-17 totals show two decimals', () => {
    expect(formatAmount(100, 1, 'NOK')).toBe('NOK 100.00');
  });

  it('CURPROD-07 a displayed amount is the stored amount times the rate', () => {
    expect(formatAmount(250, 0.1, 'USD')).toBe('USD 25.00');
  });

  it('prices and totals read as bokmål in Norwegian: kroner as kr, other currencies by code (issue 31.4)', () => {
    expect(formatPrice(1234.5, 1, 'NOK', 'nb')).toBe('1 234,50 kr');
    expect(formatPrice(100, 1, 'NOK', 'nb')).toBe('100 kr');
    expect(formatAmount(100, 1, 'NOK', 'nb')).toBe('100,00 kr');
    expect(formatAmount(100, 0.0873, 'EUR', 'nb')).toBe('8,73 EUR');
    expect(formatAmount(1234.5, 1, 'NOK', 'en')).toBe('NOK 1,234.50');
  });

  it('names only whole numbers as øre', () => {
    expect(ore(19950)).toBe(19950);
    expect(ore(-500)).toBe(-500);
    expect(() => ore(199.5)).toThrow(RangeError);
    expect(() => ore(Number.NaN)).toThrow(RangeError);
  });

  it('keeps a plain number out of øre (issue 30.6)', () => {
    expectTypeOf(ore(100)).toEqualTypeOf<Ore>();
    expectTypeOf(nokToOre(1)).toEqualTypeOf<Ore>();
    expectTypeOf<number>().not.toExtend<Ore>();
    expectTypeOf<Ore>().toExtend<number>();
    // @ts-expect-error A NOK amount, or any plain number, is not øre until ore() names it so.
    const price: Ore = 199.5;
    expect(price).toBe(199.5);
    // @ts-expect-error Arithmetic answers a plain number; ore() names the result again.
    const doubled: Ore = ore(100) * 2;
    expect(doubled).toBe(200);
  });

  it("holds a wire shape's NOK fields as øre named …Ore", () => {
    type Wire = { name: string; price: number; sellingPrice: number };
    expectTypeOf<InOre<Wire, 'price' | 'sellingPrice'>>().toEqualTypeOf<
      Omit<Wire, 'price' | 'sellingPrice'> & { priceOre: Ore; sellingPriceOre: Ore }
    >();
  });
});
