import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import {
  addressRequestSchema,
  nokToOre,
  oreToNok,
  stockMessages,
  type CheckoutCart,
  type CreatePaymentResponse,
  type Order,
  type SavedAddress,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  PaymentRequiredError,
  ProviderUnavailableError,
} from '../../domain-errors.js';
import type { ServiceLogger } from '../../service-logger.js';
import { findCountry } from '../countries/index.js';
import { contactOf, savedAddressesOf } from '../accounts/index.js';
import { requireRegisteredUser, type AuthenticatedUser } from '../../auth/authenticated-user.js';
import { priceCart, checkStock } from '../cart/index.js';
import { takeStock, findPurchasableItems } from '../catalog/index.js';
import { orderConfirmationMail } from './order-mails.js';
import { enqueueMail } from '../mail/index.js';
import {
  buildPaymentLines,
  splitShippingByRate,
  vatByRate,
  type PaymentProvider,
  type ShippingShare,
} from '../payments/index.js';
import { couponCustomerOf, couponForCart, redeemCoupon } from '../promotions/index.js';
import { quoteShipping } from '../shipping/index.js';
import { initialDeliveryStatus } from './delivery-status.js';
import { recordOrderEvent } from './order-events.js';
import { countCouponUses, findOrder } from './orders.service.js';
import { settleOrderPayment } from './payment-settlement.js';
import { checkouts, orderLines, orders, type CheckoutLine } from './orders.tables.js';
import { shippingByRateOf } from './shipping-vat.js';

/**
 * The cart-to-order path, the one place where the cart, promotions, shipping, payments and
 * orders meet. Each step is a named function, so the whole path reads top to bottom here:
 *
 * 1. The cart as the shopper will pay it (`priceCartWithCoupon` of the cart module).
 * 2. `createPayment`: price lines, coupon and shipping; create the provider's payment for that
 *    amount; remember what it was for (a checkout row).
 * 3. `placeOrder` (the shopper comes back) or `completeFromWebhook` (the provider reports):
 *    both end in `finishCheckout`, which verifies the payment with the provider and, in one
 *    transaction that locks the items, checks stock, takes it, and stores the order.
 */

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  log: ServiceLogger;
  /** Called after a transaction that queued mail has committed. */
  mailQueued: () => void;
  /**
   * Called right after a new order is stored, before its payment is charged; only the crash
   * test sets it (TEST_CRASH_AFTER_ORDER_STORED).
   */
  afterOrderStored?: () => void;
}

export const checkoutMessages = {
  emptyCart: 'Your cart is empty.',
  unknownPayment: 'We could not find this payment. Please go back to the checkout and pay again.',
  notPaid: 'The payment has not been completed. Please finish the payment first.',
  amountMismatch:
    'The payment does not match the order total, so it was not accepted. Please pay again.',
  paymentCancelled: 'This payment was cancelled. Please go back to the checkout and pay again.',
  otherUsersPayment: 'This payment belongs to another account.',
  addressMismatch:
    'The delivery address differs from the one the shipping was priced for. Please go back to the shipping step.',
  providerUnavailable:
    'The payment service could not be reached. Please try again in a moment; you have not been charged.',
} as const;

/**
 * What the coupon takes off on top of the product discounts: the whole discount less the
 * difference between the list prices and the selling prices of the lines.
 */
function couponShareOre(
  lines: readonly CheckoutLine[],
  itemsTotalOre: number,
  discountOre: number,
) {
  const sellingTotalOre = lines.reduce((sum, line) => sum + line.unitPriceOre * line.qty, 0);
  return discountOre - (itemsTotalOre - sellingTotalOre);
}

const paymentItemsOf = (lines: readonly CheckoutLine[]) =>
  lines.map((line) => ({
    itemId: line.itemId,
    name: line.name,
    qty: line.qty,
    unitPriceOre: line.unitPriceOre,
    vatPercent: line.vatPercent,
  }));

function paymentLinesOf(
  lines: readonly CheckoutLine[],
  couponDiscountOre: number,
  shipping: readonly ShippingShare[],
) {
  return buildPaymentLines({ items: paymentItemsOf(lines), couponDiscountOre, shipping });
}

/**
 * Step 2: `POST /api/orders/create-payment`. The amount is the server's own: the lines priced
 * from the database, the coupon, and the shipping of the chosen delivery. A cart that cannot be
 * bought now is refused before anyone pays.
 */
export async function createPayment(
  deps: CheckoutDeps,
  user: AuthenticatedUser | undefined,
  input: {
    storePickup: boolean;
    cart: CheckoutCart;
    couponCode: string | undefined;
    /** Optional (old clients send none); when given they are checked and kept. */
    shippingDetails?: unknown;
    billingDetails?: unknown;
  },
): Promise<CreatePaymentResponse> {
  const { db, provider } = deps;
  // Refused before anyone pays: a coupon this customer has used as often as it allows, or a
  // per-customer coupon without a customer to count for.
  const coupon = await couponForCart(db, input.couponCode, {
    customer: couponCustomerOf(db, user, countCouponUses),
    required: true,
  });
  const priced = await priceCart(db, input.cart.cartItems, coupon);
  if (priced.cartItems.length === 0) throw new InvalidError(checkoutMessages.emptyCart);
  const stock = await checkStock(db, input.cart.cartItems);
  const [problem] = stock.responseArray;
  if (problem) throw new ConflictError(problem.message);

  const items = await findPurchasableItems(
    db,
    priced.cartItems.map((line) => line.product._id),
  );
  const lines: CheckoutLine[] = priced.cartItems.flatMap((line) => {
    const item = items.get(line.product._id);
    return item
      ? [
          {
            itemId: item.itemId,
            qty: line.qty,
            name: item.name,
            listPriceOre: item.priceOre,
            unitPriceOre: item.sellingPriceOre,
            vatPercent: item.vatPercent,
          },
        ]
      : [];
  });
  const itemsTotalOre = nokToOre(priced.total);
  const discountOre = nokToOre(priced.discount);
  const couponDiscountOre = couponShareOre(lines, itemsTotalOre, discountOre);
  const shipping = input.storePickup
    ? { shippingOre: 0, country: '' }
    : await quoteShipping(db, {
        lines: lines.map(({ itemId, qty }) => ({ itemId, qty })),
        country: input.cart.toCountryCode,
        postalCode: input.cart.toPostalCode,
      });
  const postalCode = input.storePickup ? '' : input.cart.toPostalCode;
  // Checked before the provider is asked for a payment: a bad address costs the shopper nothing.
  const given =
    !input.storePickup && isGiven(input.shippingDetails)
      ? validAddresses(
          { shippingDetails: input.shippingDetails, billingDetails: input.billingDetails },
          shipping.country,
          postalCode,
        )
      : undefined;
  const amountOre = itemsTotalOre - discountOre + shipping.shippingOre;
  // Shipping carries the VAT of the goods it delivers; kept with the checkout as the provider got it.
  const shippingByRate = splitShippingByRate(shipping.shippingOre, paymentItemsOf(lines));
  const checkoutId = randomUUID();
  let paymentId: string;
  try {
    ({ paymentId } = await provider.createPayment({
      reference: checkoutId,
      amountOre,
      currency: 'NOK',
      lines: paymentLinesOf(lines, couponDiscountOre, shippingByRate),
    }));
  } catch (error) {
    deps.log.error({ err: error }, 'payment provider refused to create a payment');
    throw new ProviderUnavailableError(checkoutMessages.providerUnavailable);
  }
  const saved =
    user && !input.storePickup && !given ? await savedAddressesOf(db, user.id) : undefined;
  await db.insert(checkouts).values({
    id: checkoutId,
    provider: provider.name,
    paymentId,
    userId: user?.id ?? null,
    lines,
    quickBuy: input.cart.quickBuy,
    storePickup: input.storePickup,
    couponCode: coupon?.code ?? null,
    country: shipping.country,
    postalCode,
    shippingDetails: given?.shippingDetails ?? saved?.shippingDetails ?? null,
    billingDetails: given?.billingDetails ?? saved?.billingAddress ?? null,
    itemsTotalOre,
    discountOre,
    shippingOre: shipping.shippingOre,
    shippingByRate,
    amountOre,
  });
  return {
    paymentId,
    checkoutKey: provider.checkoutKey,
    amount: oreToNok(amountOre),
    currency: 'NOK',
    provider: provider.name,
    checkoutScriptUrl: provider.checkoutScriptUrl,
  };
}

type CheckoutRow = typeof checkouts.$inferSelect;

interface ClaimingShopper {
  userId: string;
  shippingDetails: unknown;
  billingDetails: unknown;
}

/** Whether a client sent an address at all: old clients send none, or a blank one. */
function isGiven(address: unknown): boolean {
  return (
    typeof address === 'object' &&
    address !== null &&
    Object.values(address).some((value) => typeof value === 'string' && value.trim() !== '')
  );
}

/**
 * The addresses a shopper sent, checked with the shipping form's rules (400 with the first
 * problem) and going where the shipping was priced for; stored with alpha-2 countries whichever
 * ISO code the client sent. The billing address falls back to the shipping one.
 */
function validAddresses(
  shopper: { shippingDetails: unknown; billingDetails: unknown },
  country: string,
  postalCode: string,
): { shippingDetails: SavedAddress; billingDetails: SavedAddress } {
  const shipping = addressRequestSchema('shipping').safeParse(shopper.shippingDetails ?? {});
  if (!shipping.success)
    throw new InvalidError(shipping.error.issues[0]?.message ?? 'Invalid address');
  const billing = addressRequestSchema('billing').safeParse(
    shopper.billingDetails ?? shopper.shippingDetails ?? {},
  );
  const withAlpha2 = (address: SavedAddress): SavedAddress => ({
    ...address,
    country: findCountry(address.country)?.alpha2 ?? address.country,
  });
  const shippingDetails = withAlpha2(shipping.data);
  if (
    shippingDetails.country !== country ||
    shippingDetails.postalCode.replace(/\s/g, '') !== postalCode.replace(/\s/g, '')
  )
    throw new InvalidError(checkoutMessages.addressMismatch);
  return {
    shippingDetails,
    billingDetails: billing.success ? withAlpha2(billing.data) : shippingDetails,
  };
}

/**
 * The delivery addresses of an order: the ones kept with the payment (sent with it, or the
 * user's saved details), or, when the payment has none, the ones sent with the order.
 */
function orderAddresses(checkout: CheckoutRow, shopper: ClaimingShopper | undefined) {
  if (checkout.storePickup) return { shippingDetails: null, billingDetails: null };
  if (checkout.shippingDetails)
    return {
      shippingDetails: checkout.shippingDetails,
      billingDetails: checkout.billingDetails ?? checkout.shippingDetails,
    };
  if (!shopper) return { shippingDetails: null, billingDetails: null };
  return validAddresses(shopper, checkout.country, checkout.postalCode);
}

type Outcome =
  | { kind: 'ordered'; orderId: string; created: boolean; mailQueued: boolean }
  | { kind: 'refused'; message: string };

/**
 * Queues the order's confirmation, once: to the customer, or to the delivery address's email
 * when the order has no customer yet. An order with neither waits until the shopper claims it.
 */
async function queueConfirmation(
  tx: Transaction,
  deps: CheckoutDeps,
  orderId: string,
): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.confirmationQueuedAt) return false;
  const customer = order.userId ? await contactOf(tx, order.userId) : undefined;
  const to = customer?.email ?? order.shippingDetails?.email;
  if (!to) return false;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const mail = orderConfirmationMail({
    to,
    name: customer?.name ?? order.shippingDetails?.name ?? '',
    publicUrl: deps.publicUrl,
    orderNumber: order.number,
    lines: lines.map((line) => ({
      name: line.productName,
      variants: line.variants,
      quantity: line.quantity,
      unitPriceOre: line.unitPriceOre,
    })),
    itemsTotalOre: order.itemsTotalOre,
    discountOre: order.discountOre,
    shippingOre: order.shippingOre,
    grandTotalOre: order.grandTotalOre,
    vat: order.vatLines,
    storePickup: order.storePickup,
    shippingDetails: order.shippingDetails,
  });
  const queued = await enqueueMail(tx, mail, { userId: order.userId });
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'mail',
    detail: { template: queued.kind, to, subject: queued.subject },
  });
  await tx.update(orders).set({ confirmationQueuedAt: new Date() }).where(eq(orders.id, order.id));
  return true;
}

/**
 * The order transaction: locks the checkout (so retries and the webhook wait and then see the
 * order) and the items (so concurrent buyers cannot oversell), checks stock, limits and the
 * coupon, takes the stock, and stores the order with its price, VAT and address snapshots.
 */
async function storeOrder(
  deps: CheckoutDeps,
  checkoutId: string,
  shopper: ClaimingShopper | undefined,
): Promise<Outcome> {
  return deps.db.transaction(async (tx): Promise<Outcome> => {
    const [checkout] = await tx
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, checkoutId))
      .for('update');
    if (!checkout) throw new NotFoundError(checkoutMessages.unknownPayment);
    if (checkout.status === 'cancelled')
      return {
        kind: 'refused',
        message: checkout.cancelReason ?? checkoutMessages.paymentCancelled,
      };
    if (checkout.status === 'ordered') {
      const [existing] = await tx
        .select({
          id: orders.id,
          userId: orders.userId,
          storePickup: orders.storePickup,
          shippingDetails: orders.shippingDetails,
        })
        .from(orders)
        .where(eq(orders.checkoutId, checkout.id));
      if (!existing) throw new Error(`checkout ${checkout.id} is ordered without an order`);
      // The webhook made the order before the shopper came back: the shopper completes it.
      if (shopper) {
        const missingAddress = !existing.storePickup && !existing.shippingDetails;
        const completion = {
          ...(existing.userId ? {} : { userId: shopper.userId }),
          ...(missingAddress ? orderAddresses(checkout, shopper) : {}),
        };
        if (Object.keys(completion).length > 0)
          await tx
            .update(orders)
            .set({ ...completion, updatedAt: new Date() })
            .where(eq(orders.id, existing.id));
      }
      const mailQueued = await queueConfirmation(tx, deps, existing.id);
      return { kind: 'ordered', orderId: existing.id, created: false, mailQueued };
    }
    const addresses = orderAddresses(checkout, shopper);

    const items = await findPurchasableItems(
      tx,
      checkout.lines.map((line) => line.itemId),
      { lock: true },
    );
    const refuse = async (message: string): Promise<Outcome> => {
      await tx
        .update(checkouts)
        .set({ status: 'cancelled', cancelReason: message, updatedAt: new Date() })
        .where(eq(checkouts.id, checkout.id));
      return { kind: 'refused', message };
    };
    for (const line of checkout.lines) {
      const item = items.get(line.itemId);
      if (!item) return refuse(`${line.name} is no longer sold`);
      if (line.qty > item.stock) return refuse(stockMessages.outOfStock(item.name));
      if (line.qty > item.orderLimit) return refuse(stockMessages.orderLimitReached(item.name));
    }
    const userId = checkout.userId ?? shopper?.userId ?? null;
    let promotionId: string | null = null;
    if (checkout.couponCode) {
      const redeemed = await redeemCoupon(
        tx,
        checkout.couponCode,
        userId
          ? { userId, uses: (promotionId) => countCouponUses(tx, userId, promotionId) }
          : undefined,
      );
      if (redeemed.problem !== undefined) return refuse(redeemed.problem);
      promotionId = redeemed.promotionId;
    }

    const couponDiscountOre = couponShareOre(
      checkout.lines,
      checkout.itemsTotalOre,
      checkout.discountOre,
    );
    // What the payment was created with: a checkout from before the split had its shipping at 25 %.
    const shippingByRate = shippingByRateOf(checkout);
    const vatLines = vatByRate(paymentLinesOf(checkout.lines, couponDiscountOre, shippingByRate));
    const [order] = await tx
      .insert(orders)
      .values({
        checkoutId: checkout.id,
        userId,
        paymentProvider: checkout.provider,
        paymentId: checkout.paymentId,
        deliveryStatus: initialDeliveryStatus,
        storePickup: checkout.storePickup,
        quickBuy: checkout.quickBuy,
        itemsTotalOre: checkout.itemsTotalOre,
        discountOre: checkout.discountOre,
        shippingOre: checkout.shippingOre,
        grandTotalOre: checkout.amountOre,
        couponCode: checkout.couponCode,
        vatLines,
        shippingByRate,
        promotionId,
        ...addresses,
      })
      .returning({ id: orders.id, number: orders.number });
    if (!order) throw new Error('order insert returned no row');
    await recordOrderEvent(tx, { orderId: order.id, kind: 'created' });
    // After the order is stored, so the stock ledger's rows can name it.
    await takeStock(tx, checkout.lines, order.id);
    await tx.insert(orderLines).values(
      checkout.lines.map((line, position) => {
        const item = items.get(line.itemId);
        return {
          orderId: order.id,
          productItemId: line.itemId,
          productId: item?.productId ?? null,
          productName: line.name,
          productSlug: item?.slug ?? '',
          productImage: item?.heroImage ?? '',
          variants: item?.variants ?? {},
          quantity: line.qty,
          listPriceOre: line.listPriceOre,
          unitPriceOre: line.unitPriceOre,
          vatPercent: line.vatPercent,
          position,
        };
      }),
    );
    await tx
      .update(checkouts)
      .set({ status: 'ordered', updatedAt: new Date() })
      .where(eq(checkouts.id, checkout.id));

    const mailQueued = await queueConfirmation(tx, deps, order.id);
    return { kind: 'ordered', orderId: order.id, created: true, mailQueued };
  });
}

/**
 * Step 3: turns a paid checkout into its order, once. The provider must report the payment
 * reserved or charged for exactly the checkout's amount and currency. When the order cannot be
 * made (stock ran out after the payment, the coupon was used up), the payment is cancelled and
 * the shopper gets a 409 with the reason.
 */
async function finishCheckout(
  deps: CheckoutDeps,
  checkout: CheckoutRow,
  shopper: ClaimingShopper | undefined,
): Promise<{ order: Order; created: boolean }> {
  const { provider } = deps;
  if (checkout.status === 'open') {
    const payment = await provider.getPayment(checkout.paymentId);
    if (!payment) throw new NotFoundError(checkoutMessages.unknownPayment);
    if (payment.status === 'cancelled') throw new ConflictError(checkoutMessages.paymentCancelled);
    if (payment.status !== 'reserved' && payment.status !== 'charged')
      throw new PaymentRequiredError(checkoutMessages.notPaid);
    if (payment.amountOre !== checkout.amountOre || payment.currency !== checkout.currency) {
      await cancelPayment(deps, checkout, checkoutMessages.amountMismatch);
      throw new PaymentRequiredError(checkoutMessages.amountMismatch);
    }
  }
  const outcome = await storeOrder(deps, checkout.id, shopper);
  if (outcome.kind === 'refused') {
    await cancelPayment(deps, checkout, outcome.message);
    throw new ConflictError(outcome.message);
  }
  if (outcome.created) deps.afterOrderStored?.();
  if (outcome.mailQueued) deps.mailQueued();
  // Also for an order that already existed: its charge may have been cut short (a crash, a
  // provider that failed), and the order stands on the reservation until it is charged.
  await settleOrderPayment(deps, outcome.orderId);
  const order = await findOrder(deps.db, outcome.orderId);
  if (!order) throw new Error(`order ${outcome.orderId} vanished`);
  return { order, created: outcome.created };
}

async function cancelPayment(deps: CheckoutDeps, checkout: CheckoutRow, reason: string) {
  await deps.db
    .update(checkouts)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: new Date() })
    .where(eq(checkouts.id, checkout.id));
  try {
    await deps.provider.cancel(checkout.paymentId, checkout.amountOre, `cancel-${checkout.id}`);
  } catch (error) {
    deps.log.error({ err: error, checkoutId: checkout.id }, 'cancelling the payment failed');
  }
}

async function findCheckout(deps: CheckoutDeps, paymentId: string) {
  const [checkout] = await deps.db
    .select()
    .from(checkouts)
    .where(
      sql`${checkouts.provider} = ${deps.provider.name} and ${checkouts.paymentId} = ${paymentId}`,
    );
  return checkout;
}

/** `POST /api/orders`: the shopper is back from the widget and asks for the order. */
export async function placeOrder(
  deps: CheckoutDeps,
  user: AuthenticatedUser,
  input: { paymentId: string; shippingDetails: unknown; billingDetails: unknown },
): Promise<{ order: Order; created: boolean }> {
  requireRegisteredUser(user);
  const checkout = await findCheckout(deps, input.paymentId);
  if (!checkout) throw new NotFoundError(checkoutMessages.unknownPayment);
  if (checkout.userId && checkout.userId !== user.id)
    throw new ForbiddenError(checkoutMessages.otherUsersPayment);
  return finishCheckout(deps, checkout, {
    userId: user.id,
    shippingDetails: input.shippingDetails,
    billingDetails: input.billingDetails,
  });
}

/**
 * The provider reports a completed payment: the same order is made as if the shopper had come
 * back, so closing the tab after paying still gives an order. Whatever goes wrong is logged
 * and answered 200, since the provider cannot act on it.
 */
export async function completeFromWebhook(deps: CheckoutDeps, paymentId: string): Promise<void> {
  const checkout = await findCheckout(deps, paymentId);
  if (!checkout) {
    deps.log.warn({ paymentId }, 'webhook for an unknown payment');
    return;
  }
  try {
    await finishCheckout(deps, checkout, undefined);
  } catch (error) {
    if (error instanceof DomainError)
      deps.log.warn({ paymentId, reason: error.message }, 'webhook made no order');
    else throw error;
  }
}
