/**
 * Whether a failed statement broke a unique constraint. Drizzle wraps the driver's error; PGlite
 * and postgres.js both carry the SQLSTATE in `code`.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
