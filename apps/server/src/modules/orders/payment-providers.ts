import { ProviderUnavailableError } from '../../domain-errors.js';
import type { ExpressPaymentProvider, PaymentProvider } from '../payments/index.js';
import type { PaidWith } from './order-mails.js';

/**
 * The providers an order's money may go through (issue 32.1): the card's (the test provider or
 * Nets) and Vipps MobilePay's when the shop has it. A checkout and its order name theirs, and a
 * charge, cancellation or refund goes back through that one.
 */
export interface PaymentProviderDeps {
  provider: PaymentProvider;
  vipps?: ExpressPaymentProvider | undefined;
}

export function everyProvider(deps: PaymentProviderDeps): PaymentProvider[] {
  return deps.vipps ? [deps.provider, deps.vipps] : [deps.provider];
}

/**
 * The provider `name`; a shop that no longer has it (Vipps switched off after an order paid with
 * it) answers 502 with a message, and nothing is changed.
 */
export function providerOf(deps: PaymentProviderDeps, name: string): PaymentProvider {
  const found = everyProvider(deps).find((provider) => provider.name === name);
  if (!found)
    throw new ProviderUnavailableError('errors.orderMoney.providerMissing', {
      values: { provider: name },
    });
  return found;
}

/** How the shopper paid, in the words the mails use: Vipps MobilePay, or the card's provider. */
export const paidWithOf = (order: { paymentProvider: string }): PaidWith =>
  order.paymentProvider === 'vipps' ? 'vipps' : 'card';
