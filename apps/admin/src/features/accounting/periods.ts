/** A period of days, both included, as the accounting endpoints take it. */
export interface Period {
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Month `month` (1 to 12) of `year`, from its first day to its last. */
function monthOf(year: number, month: number): Period {
  // Date's months count from 0, so `month` is the next one there, and its day 0 is our last.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDay)}` };
}

const yearAndMonth = (day: string) => [Number(day.slice(0, 4)), Number(day.slice(5, 7))] as const;

/** `day` alone. */
export const dayPeriod = (day: string): Period => ({ from: day, to: day });

/** The whole month `day` falls in. */
export const monthPeriod = (day: string): Period => monthOf(...yearAndMonth(day));

/** The whole month before the one `day` falls in. */
export function previousMonthPeriod(day: string): Period {
  const [year, month] = yearAndMonth(day);
  return month === 1 ? monthOf(year - 1, 12) : monthOf(year, month - 1);
}
