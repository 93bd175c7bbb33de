import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.js';

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
