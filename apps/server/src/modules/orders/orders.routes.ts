import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentRequestSchema,
  createPaymentResponseSchema,
  errorResponseSchema,
  ordersResponseSchema,
  orderSchema,
  paymentProviders,
  paymentWebhookBodySchema,
  placeOrderRequestSchema,
  vippsExpressRequestSchema,
} from '@shop/shared';
import { currentUser, optionalUser } from '../../auth/current-user.js';
import {
  completeFromWebhook,
  createExpressPayment,
  createPayment,
  placeOrder,
  type CheckoutDeps,
} from './checkout.flow.js';
import { listOrders } from './orders.service.js';
import { createPaymentToWire, orderToWire, ordersToWire } from './orders.wire.js';

const tags = ['Orders'];
const bearer = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};

export const ordersRoutes: FastifyPluginAsync<{ checkout: Omit<CheckoutDeps, 'log'> }> = async (
  instance,
  { checkout },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest): CheckoutDeps => ({ ...checkout, log: request.log });

  app.post(
    '/orders/create-payment',
    {
      schema: {
        tags,
        summary: 'Create the payment the widget is mounted with',
        description:
          'The amount is computed here from the database: the lines, the coupon and the ' +
          'shipping of the chosen delivery (0 for store pickup). 409 when a line cannot be ' +
          'bought now. The shipping and billing details, when sent (ours, optional), are ' +
          'checked and kept with the payment; otherwise, with a Bearer token, the saved ones ' +
          "are. Either way an order the provider's webhook makes first has its address. With " +
          '`paymentMethod: "vipps"` (ours) the answer carries `redirectUrl`, Vipps MobilePay\'s ' +
          'page where the shopper approves the payment and from which they come back to ' +
          '`/checkout/vipps?paymentId=…`; 400 when the shop has no Vipps.',
        body: createPaymentRequestSchema,
        response: { 200: createPaymentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await optionalUser(app, request);
      return createPaymentToWire(
        await createPayment(deps(request), user, {
          storePickup: request.body.storePickup,
          cart: request.body.order.cart,
          couponCode: request.body.couponCode,
          shippingDetails: request.body.shippingDetails,
          billingDetails: request.body.billingDetails,
          locale: request.locale,
          paymentMethod: request.body.paymentMethod,
        }),
      );
    },
  );

  app.post(
    '/orders/vipps-express',
    {
      schema: {
        tags,
        summary: 'Pay the cart or one item with Vipps Express (ours)',
        description:
          'Issue 32.4: the cart (or, with `quickBuy`, the one item bought now) and its coupon, ' +
          'priced here without delivery; the shopper shares name, phone, address and email in ' +
          'the Vipps app and picks home delivery (priced from the shop’s zones and rates, not ' +
          'offered to Svalbard and Jan Mayen) or store pickup there. The answer is the ' +
          'create-payment answer with `redirectUrl`; the order is placed as after any Vipps ' +
          'payment, with the address from Vipps. 400 when the shop has no Vipps; 409 when a ' +
          'line cannot be bought now.',
        body: vippsExpressRequestSchema,
        response: { 200: createPaymentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await optionalUser(app, request);
      return createPaymentToWire(
        await createExpressPayment(deps(request), user, {
          cart: request.body.order.cart,
          couponCode: request.body.couponCode,
          locale: request.locale,
        }),
      );
    },
  );

  app.post(
    '/orders',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Place the order of a completed payment',
        description:
          '201 only after the payment provider confirms the payment reserved or charged for ' +
          'the amount the server computed. The same payment id again answers 201 with the same ' +
          'order. 402 when the payment is not completed or does not match; 409 when stock ran ' +
          'out after the payment (the payment is then cancelled). Prices, totals and shipping ' +
          'in the body are ignored.',
        body: placeOrderRequestSchema,
        response: { 201: orderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { order } = await placeOrder(deps(request), currentUser(request), {
        paymentId: body.paymentId ?? body.merchantReference ?? '',
        shippingDetails: body.shippingDetails,
        billingDetails: body.billingDetails,
      });
      return reply.status(201).send(orderToWire(order));
    },
  );

  app.get(
    '/subscribers/orders',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "The signed-in user's orders, newest first",
        response: { 200: ordersResponseSchema, ...errors },
      },
    },
    async (request) => ordersToWire(await listOrders(checkout.db, currentUser(request).id)),
  );

  app.post(
    '/payments/webhook/:provider',
    {
      schema: {
        tags,
        summary: "The card provider's notifications (ours)",
        description:
          "Checked by the provider's authorization header. A completed payment becomes its " +
          'order if the shopper never came back. 401 when the notification is not authentic; ' +
          '400 when its event or payment id is missing or holds characters that are not allowed. ' +
          'Vipps MobilePay notifies `/api/payments/webhook/vipps`, signed as its Webhooks API ' +
          'signs.',
        params: z.object({ provider: z.enum(paymentProviders) }),
        body: paymentWebhookBodySchema,
        response: { 200: z.object({ received: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      if (request.params.provider !== checkout.provider.name)
        return reply.status(404).send({ message: 'This payment provider is not in use' });
      const event = checkout.provider.readWebhook(request.headers, request.body);
      if (!event) return reply.status(401).send({ message: 'Not a valid notification' });
      if (event.kind === 'completed')
        await completeFromWebhook(deps(request), checkout.provider, event.paymentId);
      return { received: true as const };
    },
  );
};
