import { describe, expect, it } from 'vitest';
import {
  canDecrease,
  canIncrease,
  clampQuantity,
  decreaseQuantity,
  increaseQuantity,
  maxQuantity,
  quantityHint,
} from './quantity-rules.js';

describe('quantity rules', () => {
  it('VAL-05 never goes below 1', () => {
    const limits = { stock: 5, orderLimit: 3 };
    expect(decreaseQuantity(1, limits)).toBe(1);
    expect(clampQuantity(0, limits)).toBe(1);
    expect(clampQuantity(-4, limits)).toBe(1);
    expect(clampQuantity(Number.NaN, limits)).toBe(1);
    expect(canDecrease(1)).toBe(false);
    expect(canDecrease(2)).toBe(true);
    expect(decreaseQuantity(3, limits)).toBe(2);
  });

  it('VAL-06 never goes above the stock', () => {
    const limits = { stock: 2, orderLimit: 10 };
    expect(maxQuantity(limits)).toBe(2);
    expect(increaseQuantity(1, limits)).toBe(2);
    expect(increaseQuantity(2, limits)).toBe(2);
    expect(canIncrease(2, limits)).toBe(false);
    expect(clampQuantity(9, limits)).toBe(2);
  });

  it('VAL-07 never goes above the orderLimit', () => {
    const limits = { stock: 50, orderLimit: 3 };
    expect(maxQuantity(limits)).toBe(3);
    expect(increaseQuantity(3, limits)).toBe(3);
    expect(canIncrease(3, limits)).toBe(false);
    expect(canIncrease(2, limits)).toBe(true);
    expect(clampQuantity(7.6, limits)).toBe(3);
  });

  it('VAL-06 VAL-07 cannot increase when the product is out of stock', () => {
    const limits = { stock: 0, orderLimit: 5 };
    expect(maxQuantity(limits)).toBe(0);
    expect(canIncrease(1, limits)).toBe(false);
    expect(increaseQuantity(1, limits)).toBe(1);
  });

  it('CURPROD-15 hints the order limit when quantity equals orderLimit and orderLimit <= stock', () => {
    expect(quantityHint(3, { stock: 10, orderLimit: 3 })).toBe('orderLimit');
    expect(quantityHint(3, { stock: 3, orderLimit: 3 })).toBe('orderLimit');
    expect(quantityHint(2, { stock: 10, orderLimit: 3 })).toBeUndefined();
  });

  it('CURPROD-16 hints the stock limit when quantity equals stock and stock < orderLimit', () => {
    expect(quantityHint(2, { stock: 2, orderLimit: 5 })).toBe('stockLimit');
    expect(quantityHint(1, { stock: 2, orderLimit: 5 })).toBeUndefined();
    expect(quantityHint(4, { stock: 10, orderLimit: 5 })).toBeUndefined();
  });
});
