import { act } from '@testing-library/react';

/**
 * Lets a form's validation run to its end (react-hook-form validates asynchronously), so that a
 * test can see that a message did not appear or did not go.
 */
export function settle(): Promise<void> {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
