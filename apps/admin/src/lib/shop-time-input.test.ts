import { describe, expect, it } from 'vitest';
import { fromShopTimeInput, toShopTimeInput } from './shop-time-input.js';

describe('datetime-local inputs in Norway time', () => {
  it('reads a summer and a winter time with their offsets', () => {
    expect(fromShopTimeInput('2026-07-01T10:00')).toBe('2026-07-01T08:00:00.000Z');
    expect(fromShopTimeInput('2026-01-15T10:00')).toBe('2026-01-15T09:00:00.000Z');
    expect(toShopTimeInput('2026-07-01T08:00:00.000Z')).toBe('2026-07-01T10:00');
    expect(toShopTimeInput('2026-01-15T23:30:00Z')).toBe('2026-01-16T00:30');
  });

  it('answers null for an empty input and keeps a round trip across the autumn change', () => {
    expect(fromShopTimeInput('')).toBeNull();
    expect(toShopTimeInput(null)).toBe('');
    for (const local of ['2026-10-25T01:59', '2026-10-25T03:00', '2026-03-29T03:00'])
      expect(toShopTimeInput(fromShopTimeInput(local))).toBe(local);
  });

  it('still saves a time the clocks skip in spring', () => {
    expect(fromShopTimeInput('2026-03-29T02:30')).toMatch(/^2026-03-29T0[01]:30:00.000Z$/);
  });

  it('passes a value that is not a time on, for the schema to refuse', () => {
    expect(fromShopTimeInput('soon')).toBe('soon');
  });
});
