/** A refused or failed call, with the server's message and its per-field messages. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    /** The whole answer, for calls that answer more than the message (a CSV import's rows). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
