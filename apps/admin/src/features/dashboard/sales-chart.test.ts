import { describe, expect, it } from 'vitest';
import { barGeometry } from './sales-chart.js';

const box = { width: 300, height: 100, gap: 2 };

describe('the dashboard’s sales chart (issue 13)', () => {
  it('gives each day an equal slot across the width, with the gap between bars', () => {
    const { bars } = barGeometry([10, 20, 30], box);
    expect(bars.map((bar) => bar.x)).toEqual([1, 101, 201]);
    expect(bars.every((bar) => bar.width === 98)).toBe(true);
    expect(bars.at(-1)).toMatchObject({ x: box.width - 1 - 98 });
  });

  it('scales to the biggest day, which reaches the top, and stands the bars on the bottom', () => {
    const { max, bars } = barGeometry([5000, 10_000, 2500], box);
    expect(max).toBe(10_000);
    expect(bars.map((bar) => bar.height)).toEqual([50, 100, 25]);
    expect(bars.map((bar) => bar.y)).toEqual([50, 0, 75]);
  });

  it('keeps a small sale visible and a day without sales flat', () => {
    const { bars } = barGeometry([1_000_000, 1, 0], box);
    expect(bars[1]).toMatchObject({ height: 2, y: 98 });
    expect(bars[2]).toMatchObject({ height: 0, y: 100 });
  });

  it('draws thirty quiet days as flat bars, not as a division by zero', () => {
    const { max, bars } = barGeometry(Array<number>(30).fill(0), box);
    expect(max).toBe(0);
    expect(bars).toHaveLength(30);
    expect(bars.every((bar) => bar.height === 0 && Number.isFinite(bar.y))).toBe(true);
  });

  it('never gives a bar a negative width when the days outnumber the room', () => {
    const { bars } = barGeometry(Array<number>(30).fill(1), { width: 30, height: 10, gap: 2 });
    expect(bars.every((bar) => bar.width === 1)).toBe(true);
  });

  it('has no bars for no days', () => {
    expect(barGeometry([], box)).toEqual({ max: 0, bars: [] });
  });
});
