import { describe, expect, it } from 'vitest';
import { shopTimeFormat } from './shop-time.js';

describe('times as people in Norway read them (issue 29.13)', () => {
  const clock = shopTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

  it('shows summer time (UTC+2) and winter time (UTC+1) on the Oslo clock, whatever the machine', () => {
    expect(clock('2025-07-01T22:30:00.000Z')).toBe('2 Jul 2025, 00:30');
    expect(clock(new Date('2025-01-15T23:30:00.000Z'))).toBe('16 Jan 2025, 00:30');
  });
});
