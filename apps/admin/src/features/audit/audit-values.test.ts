import { describe, expect, it } from 'vitest';
import { formatsOf } from '../../lib/i18n.js';
import { shownChange as shownIn } from './audit-values.js';

const english = formatsOf('en');
const shownChange = (value: unknown) => shownIn(value, english);

describe('a logged change as staff read it', () => {
  it('shows a moment on the Oslo clock, not as the UTC text the server wrote (issue 29.13)', () => {
    // The suite runs in TZ=UTC: 00:25 UTC on 5 December is 01:25 in Oslo.
    expect(shownChange('2026-12-05T00:25:40.291Z')).toBe('5 Dec 2026, 01:25');
    expect(shownChange('2026-07-01T22:00:00+00:00')).toBe('2 Jul 2026, 00:00');
  });

  it('writes the moment as bokmål does for a Norwegian reader (issue 31)', () => {
    expect(shownIn('2026-12-05T00:25:40.291Z', formatsOf('nb'))).toBe('5. des. 2026 kl. 01.25');
  });

  it('leaves other texts as they are and writes other values as JSON, a missing end as a dash', () => {
    expect(shownChange('2026-12-05')).toBe('2026-12-05');
    expect(shownChange('Kaffe 2026-12-05T00:25Z')).toBe('Kaffe 2026-12-05T00:25Z');
    expect(shownChange({ priceOre: 9900 })).toBe('{"priceOre":9900}');
    expect(shownChange(null)).toBe('—');
    expect(shownChange('')).toBe('—');
  });
});
