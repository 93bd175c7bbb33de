import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '@shop/shared';
import { vippsShippingOptionsPath, vippsWebhookPath } from '../payments/index.js';
import { completeFromWebhook, expressShippingOptions, type CheckoutDeps } from './checkout.flow.js';

const tags = ['Orders'];

/**
 * What Vipps MobilePay itself calls (issue 32): its signed webhook, whose body is read as the
 * exact text Vipps signed, and Express's shipping-options request. Registered at the paths the
 * shop gives Vipps, only in a shop that has Vipps.
 */
export const vippsRoutes: FastifyPluginAsync<{ checkout: Omit<CheckoutDeps, 'log'> }> = async (
  app,
  { checkout },
) => {
  const { vipps } = checkout;
  if (!vipps) return;
  const deps = (log: CheckoutDeps['log']): CheckoutDeps => ({ ...checkout, log });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    vippsWebhookPath,
    {
      schema: {
        tags,
        summary: "Vipps MobilePay's notifications (ours)",
        description:
          'ePayment events, checked by their HMAC-SHA256 signature (`x-ms-date`, ' +
          '`x-ms-content-sha256`, `Authorization`) as the Webhooks API defines, the date ' +
          'within five minutes. An authorised payment becomes its order if the shopper ' +
          'never came back; any event again is harmless. 401 when not authentic.',
        response: { 200: z.object({ received: z.literal(true) }), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const event = vipps.readWebhook(request.headers, undefined, {
        rawBody: typeof request.body === 'string' ? request.body : '',
        pathAndQuery: request.url,
        host: request.headers.host ?? '',
      });
      if (!event) return reply.status(401).send({ message: 'Not a valid notification' });
      if (event.kind === 'completed')
        await completeFromWebhook(deps(request.log), vipps, event.paymentId);
      return { received: true as const };
    },
  );

  app.post(
    vippsShippingOptionsPath,
    {
      schema: {
        tags,
        summary: "Vipps Express's shipping options (ours)",
        description:
          'Issue 32.4: Vipps asks, with the token it was given for the payment in ' +
          '`Authorization`, what delivery costs to the address the shopper shared: home ' +
          'delivery from the shop’s zones and rates where the shop delivers (not to Svalbard ' +
          'and Jan Mayen), and store pickup. Answered in Vipps’ shape (shipping groups). 400 ' +
          'when the body is not such a request, 401 without the token, 404 when the checkout ' +
          'is not an open Express checkout.',
        response: {
          200: z.array(z.unknown()),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      let body: unknown;
      try {
        body = typeof request.body === 'string' ? JSON.parse(request.body) : undefined;
      } catch {
        body = undefined;
      }
      return expressShippingOptions(deps(request.log), {
        body,
        authorization: request.headers.authorization,
      });
    },
  );
};
