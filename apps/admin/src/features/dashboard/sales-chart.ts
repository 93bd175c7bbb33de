export interface ChartBox {
  width: number;
  height: number;
  /** Space between two bars, in the same units. */
  gap: number;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A day with a sale stays visible beside a day a hundred times bigger. */
const MIN_VISIBLE_HEIGHT = 2;

/**
 * The bars of a column chart of `values` (zero or more) filling `box`, in SVG coordinates (y down,
 * bars standing on the bottom edge). The tallest bar reaches the top; with nothing to show, every
 * bar is flat. `max` is the value the top edge stands for.
 */
export function barGeometry(
  values: readonly number[],
  box: ChartBox,
): { max: number; bars: Bar[] } {
  const max = Math.max(0, ...values);
  if (values.length === 0) return { max, bars: [] };
  const slot = box.width / values.length;
  const width = Math.max(slot - box.gap, 1);
  const bars = values.map((value, index) => {
    const scaled = max === 0 ? 0 : (Math.max(value, 0) / max) * box.height;
    const height = value > 0 ? Math.max(scaled, MIN_VISIBLE_HEIGHT) : 0;
    return { x: index * slot + (slot - width) / 2, y: box.height - height, width, height };
  });
  return { max, bars };
}
