import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  oreToNok,
  postalCodeParamsSchema,
  postalCodeResponseSchema,
  shippingDetailsRequestSchema,
  shippingDetailsResponseSchema,
  shippingPriceRequestSchema,
  shippingPriceResponseSchema,
} from '@shop/shared';
import { NotFoundError } from '../../domain-errors.js';
import { currentUser } from '../../auth/current-user.js';
import { requireRegisteredUser } from '../../auth/authenticated-user.js';
import { lookupPostalCode, quoteShipping, saveAddresses } from './shipping.service.js';

const tags = ['Shipping'];
const bearer = [{ bearerAuth: [] }];

export const shippingRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/orders/shippingPrice',
    {
      schema: {
        tags,
        summary: 'Price home delivery of a cart',
        description:
          "NOK, from the rate tables: free above the zone's threshold, else by the parcel's " +
          'weight. `currencyCode` is accepted and ignored; the client converts. 400 `{message}` ' +
          'for a country or postal code the shop does not deliver to (Svalbard, Jan Mayen), a ' +
          'Norwegian postal code that is not four digits or a parcel heavier than every band. ' +
          'A well-formed Norwegian code the register lacks is priced (the shopper types the city).',
        body: shippingPriceRequestSchema,
        response: { 200: shippingPriceResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const { cartItems, toCountryCode, toPostalCode } = request.body.order.cart;
      const quote = await quoteShipping(db, {
        lines: cartItems.map((line) => ({ itemId: line.product._id, qty: line.qty })),
        country: toCountryCode,
        postalCode: toPostalCode,
      });
      return { shippingPrice: oreToNok(quote.shippingOre) };
    },
  );

  app.post(
    '/orders/shippingDetails',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "Save the user's shipping and billing details",
        description:
          "Checked with the shipping form's rules (the first problem is the 400 message); " +
          'countries may be alpha-2 or alpha-3 and are stored as alpha-2. The shipping address ' +
          'must be one the shop delivers to. 403 for a guest session.',
        body: shippingDetailsRequestSchema,
        response: {
          200: shippingDetailsResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      requireRegisteredUser(user);
      return saveAddresses(db, user.id, request.body);
    },
  );

  app.get(
    '/postal-codes/:country/:code',
    {
      schema: {
        tags,
        summary: 'The place of a postal code (ours); Norway only',
        description:
          'From Posten\'s register, the place written as usual ("Mo i Rana"). 404 for a code ' +
          "the register (`postal_codes`, refreshed by the owner from Posten's file) does not " +
          'hold and for other countries.',
        params: postalCodeParamsSchema,
        response: {
          200: postalCodeResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const place = await lookupPostalCode(db, request.params.country, request.params.code);
      if (!place) throw new NotFoundError('errors.shipping.unknownPostalCode');
      return place;
    },
  );
};
