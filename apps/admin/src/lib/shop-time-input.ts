import { SHOP_TIME_ZONE } from '@shop/shared';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock time in Norway of an instant, as a datetime-local input holds it. */
function wallClock(at: Date): string {
  const part = Object.fromEntries(parts.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/**
 * A moment as a datetime-local input shows it, in Norway's time whatever the browser's zone
 * (the staff schedule for the shop's shoppers); empty for none.
 */
export function toShopTimeInput(iso: string | null): string {
  return iso === null ? '' : wallClock(new Date(iso));
}

const asUtc = (local: string) => Date.parse(`${local}:00Z`);

/**
 * The instant a datetime-local value names in Norway, as ISO; null for an empty input. A time
 * the clocks skip in spring is read with the offset before the change, so it still saves.
 */
export function fromShopTimeInput(local: string): string | null {
  if (local === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return local;
  const guess = asUtc(local);
  if (Number.isNaN(guess)) return local;
  // Norway is ahead of UTC: the instant is the wall time less the offset at that moment.
  const offsetAt = (at: number) => asUtc(wallClock(new Date(at))) - at;
  const first = guess - offsetAt(guess);
  const second = guess - offsetAt(first);
  return new Date(wallClock(new Date(second)) === local ? second : first).toISOString();
}
