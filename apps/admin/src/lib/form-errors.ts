import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error.js';

/**
 * Puts a refused call's per-field messages beside their fields; answers the message to show at
 * the top of the form (the server's own message when no field is named).
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  let unplaced = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message });
    else unplaced = true;
  }
  return unplaced || Object.keys(error.fieldErrors).length === 0 ? error.message : '';
}

/**
 * A form's messages by dotted path (`items.0.priceOre`), as the server names its fields: for
 * an editor whose parts look their messages up by the request's paths.
 */
export function errorsByPath(errors: FieldErrors): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ref') continue;
      if (key === 'message' && typeof value === 'string') found[path] = value;
      else walk(value, path ? `${path}.${key}` : key);
    }
  };
  walk(errors, '');
  return found;
}
