/** The value, or a loud error naming what was missing: seed data that refers to itself. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Seed data is missing ${what}`);
  return value;
}
