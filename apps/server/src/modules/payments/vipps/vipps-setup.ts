import { paymentMethods, type PaymentMethod } from '@shop/shared';
import type { Env } from '../../../config/env.js';
import { translate } from '../../../i18n/i18n.js';
import { createVippsStandIn, type VippsStandIn } from './vipps-stand-in.js';
import { VippsPaymentProvider } from './vipps-provider.js';

/**
 * Vipps MobilePay as the configuration asks (issue 32.1): the real ePayment API when its keys
 * are given (VIPPS_ENVIRONMENT says test or live); in a shop on the test provider without them
 * (the demo, a developer, the tests), the local stand-in, mounted in the shop itself at
 * `standInPath` and reached through `viaApp`, so no network is needed; in a card shop on Nets
 * without them, no Vipps at all.
 */

export const standInPath = '/payments/vipps-stand-in';
export const vippsWebhookPath = '/api/payments/webhook/vipps';
/** Where Vipps asks an Express checkout's shipping options (issue 32.4). */
export const vippsShippingOptionsPath = '/api/payments/vipps/shipping-options';

const apiUrls = { test: 'https://apitest.vipps.no', live: 'https://api.vipps.no' } as const;

/** The stand-in's own keys: it checks them as Vipps does, and they open nothing else. */
const standInKeys = {
  clientId: 'stand-in-client',
  clientSecret: 'stand-in-secret',
  subscriptionKey: 'stand-in-subscription-key',
  merchantSerialNumber: '123456',
} as const;

/** The ways the checkout takes payment: Vipps MobilePay beside the card where the shop has it. */
export const checkoutPaymentMethods = (vipps: VippsSetup | undefined): PaymentMethod[] =>
  vipps ? [...paymentMethods] : ['card'];

export interface VippsSetup {
  provider: VippsPaymentProvider;
  /** The stand-in and where the shop mounts it; undefined with the real Vipps. */
  standIn: VippsStandIn | undefined;
}

const systemHeaders = { systemName: 'nordic-shop', systemVersion: '1.0.0' } as const;
const paymentDescription = (locale: 'nb' | 'en') => translate(locale, 'payments.vippsDescription');

export function createVippsSetup(env: Env, viaApp: typeof fetch): VippsSetup | undefined {
  if (env.VIPPS_CLIENT_ID) {
    const provider = new VippsPaymentProvider({
      baseUrl: env.VIPPS_API_URL ?? apiUrls[env.VIPPS_ENVIRONMENT],
      clientId: env.VIPPS_CLIENT_ID,
      clientSecret: env.VIPPS_CLIENT_SECRET ?? '',
      subscriptionKey: env.VIPPS_SUBSCRIPTION_KEY ?? '',
      merchantSerialNumber: env.VIPPS_MERCHANT_SERIAL_NUMBER ?? '',
      webhookSecret: env.VIPPS_WEBHOOK_SECRET ?? '',
      paymentDescription,
      ...systemHeaders,
    });
    return { provider, standIn: undefined };
  }
  if (env.PAYMENT_PROVIDER !== 'test') return undefined;

  const base = `${env.PUBLIC_URL}${standInPath}`;
  const standIn = createVippsStandIn({
    ...standInKeys,
    merchantName: 'Nordic Trading',
    publicUrl: base,
    fetch: viaApp,
  });
  const provider = new VippsPaymentProvider({
    ...standInKeys,
    ...systemHeaders,
    baseUrl: base,
    fetch: viaApp,
    webhookSecret: '',
    webhookUrlToRegister: `${env.PUBLIC_URL}${vippsWebhookPath}`,
    paymentDescription,
  });
  return { provider, standIn };
}

/**
 * A `fetch` that hands the request to the shop's own routes (`inject`), for the stand-in mounted
 * in the shop: the shop's calls to "Vipps" and the stand-in's webhooks never leave the process.
 */
export function fetchThroughApp(
  inject: (request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }) => Promise<{ statusCode: number; rawPayload: Buffer; headers: Record<string, unknown> }>,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.method === 'GET' ? undefined : await request.text();
    const answer = await inject({
      method: request.method,
      url: url.pathname + url.search,
      headers: { ...headers, host: url.host },
      ...(body ? { payload: body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (typeof value === 'string') answerHeaders.set(name, value);
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: answerHeaders,
    });
  };
}
