import { describe, expect, it } from 'vitest';
import { dayPeriod, monthPeriod, previousMonthPeriod } from './periods.js';

describe('the accounting page’s quick periods (issue 13)', () => {
  it('gives today as a period of one day', () => {
    expect(dayPeriod('2026-03-14')).toEqual({ from: '2026-03-14', to: '2026-03-14' });
  });

  it('gives the whole month, with the right last day', () => {
    expect(monthPeriod('2026-03-14')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(monthPeriod('2026-04-30')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(monthPeriod('2026-02-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthPeriod('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('gives last month, across the turn of the year', () => {
    expect(previousMonthPeriod('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousMonthPeriod('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
