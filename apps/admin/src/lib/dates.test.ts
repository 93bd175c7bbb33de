import { describe, expect, it } from 'vitest';
import { shopDate, shopDateTime } from './dates.js';
import { variantLabel } from './format.js';

describe('times and variants as the staff read them', () => {
  it('shows a moment on the Oslo clock in winter (UTC+1) and summer (UTC+2), whatever the machine (issue 29.13)', () => {
    // The tests run with TZ=UTC.
    expect(shopDateTime('2025-01-15T23:30:00.000Z')).toBe('16.01.2025, 00:30');
    expect(shopDateTime('2025-07-01T22:30:00.000Z')).toBe('02.07.2025, 00:30');
  });

  it('shows a day the server named as that day', () => {
    expect(shopDate('2025-03-30')).toBe('30.03.2025');
  });

  it('writes option pairs in the order the storefront and the mails use (issue 29.12)', () => {
    expect(variantLabel({ Size: 'M', Colour: 'Red' })).toBe('Colour Red · Size M');
    expect(variantLabel({})).toBe('Single item');
  });
});
