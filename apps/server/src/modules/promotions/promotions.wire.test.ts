import { describe, expect, it } from 'vitest';
import { ore, promoSchema } from '@shop/shared';
import { promoToWire } from './promotions.wire.js';

const window = { validFrom: '2025-01-01T00:00:00.000Z', validTo: '2026-01-01T00:00:00.000Z' };

describe('the coupon lookup in NOK on the wire (issue 30.6)', () => {
  it('sends a fixed coupon its value and minimum in NOK', () => {
    const wire = promoToWire({
      code: 'FIX50',
      type: 'fixed',
      valueOre: ore(5_050),
      minOrderOre: ore(19_950),
      ...window,
    });
    expect(promoSchema.parse(wire)).toEqual(wire);
    expect(wire).toEqual({ code: 'FIX50', type: 'fixed', value: 50.5, minOrder: 199.5, ...window });
  });

  it('sends a percent coupon its percent as it is', () => {
    expect(
      promoToWire({ code: 'PCT15', type: 'percent', percent: 15, minOrderOre: ore(0), ...window }),
    ).toEqual({ code: 'PCT15', type: 'percent', value: 15, minOrder: 0, ...window });
  });
});
