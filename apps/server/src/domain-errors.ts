import type { Locale, MessageValues } from '@shop/shared';
import { translate, type MessageKey } from './i18n/i18n.js';

/** What a domain error says beyond its message's key. */
export interface DomainErrorDetails {
  /** The values of the message's placeholders. */
  values?: MessageValues;
  /**
   * The input field the message is about, as a dotted path such as `items.2.sku`; the back
   * office shows the message beside that field.
   */
  field?: string;
}

/**
 * The expected failures of the shop's rules, named by what went wrong rather than by an HTTP
 * status, so services stay free of the web framework. Each carries its message as a catalogue
 * key: the one error handler (`plugins/error-handler.ts`) answers it with its status and
 * `{message}` in the request's language, and the message it holds as an `Error` is the English
 * one, for the admin command line and the logs. The message is what the shopper or shop owner
 * reads.
 */
export abstract class DomainError extends Error {
  readonly values?: MessageValues;
  readonly field?: string;

  constructor(
    readonly key: MessageKey,
    details: DomainErrorDetails = {},
  ) {
    super(translate('en', key, details.values));
    this.name = new.target.name;
    this.values = details.values;
    this.field = details.field;
  }

  /** The message in a language. */
  messageIn(locale: Locale): string {
    return translate(locale, this.key, this.values);
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
