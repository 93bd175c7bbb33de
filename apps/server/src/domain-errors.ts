/**
 * The expected failures of the shop's rules, named by what went wrong rather than by an HTTP
 * status, so services stay free of the web framework. The one error handler
 * (`plugins/error-handler.ts`) answers each with its status and `{message}`; the admin command
 * line prints the message. The message is what the shopper or shop owner reads.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    /**
     * The input field the message is about, as a dotted path such as `items.2.sku`; the back
     * office shows the message beside that field.
     */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input breaks a rule (400). */
export class InvalidError extends DomainError {}

/** No valid sign-in, or wrong credentials (401). */
export class UnauthenticatedError extends DomainError {}

/** Signed in, but this user may not do this (403). */
export class ForbiddenError extends DomainError {}

/** The thing asked for does not exist, or not for this user (404). */
export class NotFoundError extends DomainError {}

/** The request clashes with the current state, such as a second review of a product (409). */
export class ConflictError extends DomainError {}

/**
 * The request is well formed but cannot be taken as sent, such as an idempotency key sent again
 * with another request than the one it was made for (422).
 */
export class UnprocessableError extends DomainError {}

/** The payment the request relies on is not (or not fully) made (402). */
export class PaymentRequiredError extends DomainError {}

/** A service the shop depends on, such as the payment provider, did not answer (502). */
export class ProviderUnavailableError extends DomainError {}

/** Too many wrong tries: refused for a while, whatever is sent (429). */
export class TooManyAttemptsError extends DomainError {}
