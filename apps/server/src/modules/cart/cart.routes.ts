import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cartRequestSchema,
  cartResponseSchema,
  checkStockRequestSchema,
  checkStockResponseSchema,
  errorResponseSchema,
} from '@shop/shared';
import { optionalUser } from '../../auth/current-user.js';
import { type CouponUseCount, couponCustomerOf } from '../promotions/index.js';
import { checkStock, priceCartWithCoupon } from './cart.service.js';
import { cartToWire } from './cart.wire.js';

const tags = ['Cart'];

const cartDescription =
  'Every price, discount, stock and limit comes from the database; whatever a client sends ' +
  'besides item ids and quantities is ignored. Lines keep their order, repeated items are ' +
  'merged and items no longer sold are dropped. `total` is the Total M.R.P, `discount` the ' +
  'product discounts plus the coupon, `grandTotal` their difference, all NOK. An unusable ' +
  'coupon is a 400 with the reason; with a Bearer token (optional, ours) that includes a coupon ' +
  'the customer has used as often as it allows.';

export interface CartRoutesOptions {
  /** The orders module's count of a customer's coupon uses (app.ts wires it). */
  countCouponUses: CouponUseCount;
}

export const cartRoutes: FastifyPluginAsync<CartRoutesOptions> = async (
  instance,
  { countCouponUses },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/orders/cart',
    {
      schema: {
        tags,
        summary: 'Price the cart',
        description: cartDescription,
        body: cartRequestSchema,
        response: { 200: cartResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { cartItems, buyNowCartItems, couponCode } = request.body;
      const user = await optionalUser(app, request);
      return cartToWire(
        await priceCartWithCoupon(
          db,
          cartItems ?? buyNowCartItems ?? [],
          couponCode,
          couponCustomerOf(db, user, countCouponUses),
          request.locale,
        ),
      );
    },
  );

  app.post(
    '/orders/cart/buy-now',
    {
      schema: {
        tags,
        summary: 'Price the buy-now cart',
        description: `${cartDescription} The lines may come as \`buyNowCartItems\` or \`cartItems\`.`,
        body: cartRequestSchema,
        response: { 200: cartResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { cartItems, buyNowCartItems, couponCode } = request.body;
      const user = await optionalUser(app, request);
      return cartToWire(
        await priceCartWithCoupon(
          db,
          buyNowCartItems ?? cartItems ?? [],
          couponCode,
          couponCustomerOf(db, user, countCouponUses),
          request.locale,
        ),
      );
    },
  );

  app.post(
    '/orders/check-stock',
    {
      schema: {
        tags,
        summary: 'Check that every line can be bought as asked',
        description:
          'One `{product_id, message}` per line that cannot be bought: no longer sold, out of ' +
          'stock, more than the stock or more than the order limit. Empty when all is well.',
        body: checkStockRequestSchema,
        response: { 200: checkStockResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => checkStock(db, request.body.orderItems, request.locale),
  );
};
