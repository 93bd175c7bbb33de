import { z } from 'zod';
import { answerText, idSchema, imagePathSchema, text } from './common.js';
import { variantsSchema } from './catalog.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart-rules.js';
import { tooLongMessage } from './errors.js';

/** A cart line's product as the server answers it: current data from the database. */
export const cartProductSchema = z.object({
  _id: idSchema,
  name: answerText(),
  slug: answerText(),
  stock: z.number().int(),
  orderLimit: z.number().int(),
  heroImage: imagePathSchema,
  price: z.number(),
  discount: z.number(),
  sellingPrice: z.number(),
  variants: variantsSchema,
});
export type CartProduct = z.infer<typeof cartProductSchema>;

export const cartLineSchema = z.object({ product: cartProductSchema, qty: z.number().int() });
export type CartLine = z.infer<typeof cartLineSchema>;

const quantitySchema = z
  .number({ error: 'qty must be a number' })
  .int({ error: 'qty must be a whole number' })
  .min(1, { error: 'qty must be 1 or more' })
  .max(MAX_LINE_QUANTITY, { error: `qty must be at most ${MAX_LINE_QUANTITY}` });

/**
 * A line as a client sends it. Only the item id and the quantity are read: names, prices,
 * discounts and stock sent by a client are ignored and taken from the database.
 */
export const cartLineRequestSchema = z.object({
  product: z.looseObject({ _id: idSchema }, { error: 'Each line needs a product with an _id' }),
  qty: quantitySchema,
});
export type CartLineRequest = z.input<typeof cartLineRequestSchema>;

export const cartLinesSchema = z
  .array(cartLineRequestSchema, { error: 'The cart must be a list of lines' })
  .min(1, { error: 'The cart is empty' })
  .max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} lines` });

/** The longest coupon code: the cart's coupon field and the owner's coupon form take no more. */
export const MAX_COUPON_CODE_LENGTH = 40;
export const couponCodeTooLong = tooLongMessage('Coupon code', MAX_COUPON_CODE_LENGTH);

const couponCodeSchema = text()
  .trim()
  .max(MAX_COUPON_CODE_LENGTH, { error: couponCodeTooLong })
  .optional();

/** `POST /api/orders/cart`; the buy-now call also accepts the lines as `buyNowCartItems`. */
export const cartRequestSchema = z
  .object({
    cartItems: cartLinesSchema.optional(),
    buyNowCartItems: cartLinesSchema.optional(),
    currencyCode: text().max(3).optional(),
    couponCode: couponCodeSchema,
  })
  .refine((body) => body.cartItems !== undefined || body.buyNowCartItems !== undefined, {
    message: 'cartItems is required',
  });
export type CartRequest = z.input<typeof cartRequestSchema>;

/**
 * The priced cart. `total` is the sum of original prices (Total M.R.P), `discount` what the
 * product discounts and a coupon take off, `grandTotal` what the shopper pays before shipping.
 * All NOK, VAT included.
 */
export const cartResponseSchema = z.object({
  cartItems: z.array(cartLineSchema),
  total: z.number(),
  discount: z.number(),
  grandTotal: z.number(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const checkStockRequestSchema = z.object({ orderItems: cartLinesSchema });
export const stockProblemSchema = z.object({ product_id: answerText(), message: answerText() });
export type StockProblem = z.infer<typeof stockProblemSchema>;
export const checkStockResponseSchema = z.object({ responseArray: z.array(stockProblemSchema) });
export type CheckStockResponse = z.infer<typeof checkStockResponseSchema>;

export const promoParamsSchema = z.object({
  code: text()
    .trim()
    .min(1)
    .max(MAX_COUPON_CODE_LENGTH, { error: 'A coupon code has at most 40 characters' }),
});
export const promoSchema = z.object({
  code: answerText(),
  type: z.enum(['percent', 'fixed']),
  /** A percent for `percent`, NOK for `fixed`. */
  value: z.number(),
  minOrder: z.number(),
  validFrom: answerText(),
  validTo: answerText(),
});
export type Promo = z.infer<typeof promoSchema>;
