import { describe, expect, it } from 'vitest';
import {
  averageText,
  orderedDate,
  relativeTime,
  sharePercent,
  shownStars,
} from './review-format.js';

const now = Date.parse('2025-06-15T12:00:00.000Z');
const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();
const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

describe('review formats', () => {
  it('RATING-01 the average shows to one decimal', () => {
    expect(averageText('en', 4.67)).toBe('4.7');
    expect(averageText('en', 4)).toBe('4.0');
    expect(averageText('en', 4.25)).toBe('4.3');
    expect(averageText('en', 0)).toBe('0.0');
  });

  it('RATING-01 writes the average with a decimal comma in bokmål (issue 31.4)', () => {
    expect(averageText('nb', 4.67)).toBe('4,7');
    expect(averageText('nb', 4)).toBe('4,0');
  });

  it('RATING-04 a half star shows from a fraction of 0.5', () => {
    expect(shownStars(4.5)).toBe(4.5);
    expect(shownStars(4.4)).toBe(4);
    expect(shownStars(4.9)).toBe(4.5);
    expect(shownStars(5)).toBe(5);
    expect(shownStars(0)).toBe(0);
  });

  it("RATING-03 a star's share is its part of all reviews, in whole percent", () => {
    expect(sharePercent(2, 3)).toBe(67);
    expect(sharePercent(1, 3)).toBe(33);
    expect(sharePercent(0, 0)).toBe(0);
  });

  it("RATING-09 CONST-43 review times are relative, 'x ago'", () => {
    // Under a minute the page says 'just now'.
    expect(relativeTime('en', before(30), now)).toBeUndefined();
    expect(relativeTime('en', before(-5), now)).toBeUndefined();
    expect(relativeTime('en', before(minute), now)).toBe('1 minute ago');
    expect(relativeTime('en', before(5 * minute + 20), now)).toBe('5 minutes ago');
    expect(relativeTime('en', before(3 * hour), now)).toBe('3 hours ago');
    expect(relativeTime('en', before(day), now)).toBe('1 day ago');
    expect(relativeTime('en', before(3 * day), now)).toBe('3 days ago');
    expect(relativeTime('en', before(65 * day), now)).toBe('2 months ago');
    expect(relativeTime('en', before(800 * day), now)).toBe('2 years ago');
  });

  it('MYREV-07 CONST-42 the ordered date is dd/MM/yyyy, the day in Oslo in winter and summer whatever the machine (issue 29.13)', () => {
    // The tests run with TZ=UTC: a formatter that forgot its zone would show the day before.
    expect(orderedDate('en', '2025-03-05T12:00:00.000Z')).toBe('05/03/2025');
    expect(orderedDate('en', '2024-12-31T23:30:00.000Z')).toBe('01/01/2025');
    expect(orderedDate('en', '2025-07-31T22:30:00.000Z')).toBe('01/08/2025');
  });

  it('reads review times and ordered days in bokmål on Norwegian pages (issue 31.4)', () => {
    expect(relativeTime('nb', before(30), now)).toBeUndefined();
    expect(relativeTime('nb', before(3 * hour), now)).toBe('for 3 timer siden');
    expect(relativeTime('nb', before(day), now)).toBe('for 1 døgn siden');
    expect(orderedDate('nb', '2025-03-05T12:00:00.000Z')).toBe('5. mars 2025');
    expect(orderedDate('nb', '2024-12-31T23:30:00.000Z')).toBe('1. jan. 2025');
  });
});
