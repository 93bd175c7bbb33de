/** Spec §8: the server's message, else the network error's (the API client makes it so). */
export const failureMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
