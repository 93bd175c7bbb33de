import { randomUUID } from 'node:crypto';
import {
  ore,
  type CheckoutCart,
  type CreatePaymentResponse,
  type InOre,
  type Locale,
  type PaymentMethod,
  type SavedAddress,
} from '@shop/shared';
import { requireRegisteredUser, type AuthenticatedUser } from '../../auth/authenticated-user.js';
import type { Database, Transaction } from '../../db/client.js';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  PaymentRequiredError,
  ProviderUnavailableError,
  UnauthenticatedError,
} from '../../domain-errors.js';
import { translate, type KeyedMessage } from '../../i18n/i18n.js';
import type { ServiceLogger } from '../../service-logger.js';
import { contactOf, savedAddressesOf } from '../accounts/index.js';
import { checkStock, priceCart } from '../cart/index.js';
import { findPurchasableItems, takeStock } from '../catalog/index.js';
import { enqueueMail, type MailAttachment } from '../mail/index.js';
import {
  buildPaymentLines,
  splitShippingByRate,
  vatByRate,
  vippsShippingOptionsPath,
  type ExpressDelivery,
  type ExpressShippingOption,
  type PaymentProvider,
  type ShippingShare,
} from '../payments/index.js';
import { couponCustomerOf, couponForCart, redeemCoupon } from '../promotions/index.js';
import { quoteShipping } from '../shipping/index.js';
import {
  type ClaimingShopper,
  isGiven,
  orderAddresses,
  validAddresses,
} from './checkout-addresses.js';
import { initialDeliveryStatus } from './delivery-status.js';
import { receiptAttachment } from './order-documents.service.js';
import { orderConfirmationMail } from './order-mails.js';
import {
  cancelCheckout,
  completeOrder,
  confirmationQueued,
  countCouponUses,
  decideExpressCheckout,
  findCheckoutOfPayment,
  findOrder,
  lockCheckout,
  orderOfCheckout,
  saveCheckout,
  storeOrder,
  unconfirmedOrder,
  type BoughtLine,
  type Checkout,
  type CheckoutLine,
  type ExpressDecision,
  type OrderInOre,
} from './orders.service.js';
import {
  everyProvider,
  paidWithOf,
  providerOf,
  type PaymentProviderDeps,
} from './payment-providers.js';
import { settleOrderPayment } from './payment-settlement.js';
import { shippingByRateOf } from './shipping-vat.js';
import { queueNewOrderNotice } from './shop-notices.service.js';

/**
 * The cart-to-order path, the one place where the cart, promotions, shipping, payments and
 * orders meet. Its steps, in order, each with what takes it back when a later one refuses:
 *
 * | step              | function                | undone by                                      |
 * | ----------------- | ----------------------- | ---------------------------------------------- |
 * | 1 price           | `priceCheckout`         | nothing to undo: it only reads                 |
 * | 2 reserve payment | `reservePayment`        | `releasePayment`: the checkout closes and the  |
 * |                   |                         | provider cancels the payment                   |
 * | 3 verify payment  | `verifyPayment`         | nothing to undo; a wrong amount releases 2     |
 * | 4 redeem coupon   | `redeemCheckoutCoupon`  | 4–6 run in one savepoint of the order          |
 * | 5 place order     | `placeCheckoutOrder`    | transaction: a refusal in any of them rolls    |
 * | 6 take stock      | `takeStock` (catalog)   | all three back, then releases 2                |
 * | 7 confirm         | `queueConfirmation`,    | nothing: the mail is queued in the order's     |
 * |                   | `confirmOrder`          | transaction, the charge follows its commit     |
 *
 * Steps 1–2 are `createPayment` (`POST /api/orders/create-payment`); the shopper then pays in the
 * provider's widget. `placeOrder` (the shopper comes back) and `completeFromWebhook` (the
 * provider reports) both run steps 3–7 in `finishCheckout`, whichever comes first making the
 * order and the other finding it. Persistence is the orders service's; the confirmation mail is
 * written in `order-mails.ts`.
 */

export interface CheckoutDeps extends PaymentProviderDeps {
  db: Database;
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

interface CreatePaymentInput {
  storePickup: boolean;
  cart: CheckoutCart;
  couponCode: string | undefined;
  /** Optional (old clients send none); when given they are checked and kept. */
  shippingDetails?: unknown;
  billingDetails?: unknown;
  /** The language the shopper pays in: the order's mails are written in it. */
  locale: Locale;
  /** Card (the widget) unless the shopper chose Vipps MobilePay (issue 32.1). */
  paymentMethod?: PaymentMethod;
}

/** The create-payment answer with its amount in øre (`createPaymentToWire` sends it in NOK). */
export type CreatePaymentInOre = InOre<CreatePaymentResponse, 'amount'>;

/**
 * `POST /api/orders/create-payment`, steps 1 and 2. The amount is the server's own: the lines
 * priced from the database, the coupon, and the shipping of the chosen delivery. A cart that
 * cannot be bought now is refused before anyone pays.
 */
export async function createPayment(
  deps: CheckoutDeps,
  user: AuthenticatedUser | undefined,
  input: CreatePaymentInput,
): Promise<CreatePaymentInOre> {
  const provider = input.paymentMethod === 'vipps' ? deps.vipps : deps.provider;
  if (!provider)
    throw new InvalidError('errors.checkout.vippsUnavailable', { field: 'paymentMethod' });
  const priced = await priceCheckout(deps.db, user, input);
  return openCheckout(deps, provider, {
    user,
    priced,
    quickBuy: input.cart.quickBuy,
    storePickup: input.storePickup,
    express: false,
    locale: input.locale,
    pay: (payment) => provider.createPayment(payment),
  });
}

/**
 * `POST /api/orders/vipps-express`, steps 1 and 2 for Vipps Express (issue 32.4): priced as any
 * checkout but without a delivery, which the shopper picks in the Vipps app. The app asks
 * `expressShippingOptions` what each delivery costs to the address shared there, and step 3
 * first takes the chosen one into the checkout (`decideExpressDelivery`).
 */
export async function createExpressPayment(
  deps: CheckoutDeps,
  user: AuthenticatedUser | undefined,
  input: { cart: CheckoutCart; couponCode: string | undefined; locale: Locale },
): Promise<CreatePaymentInOre> {
  const { vipps } = deps;
  if (!vipps)
    throw new InvalidError('errors.checkout.vippsUnavailable', { field: 'paymentMethod' });
  // Priced as a pickup: no delivery and no address until the app has them.
  const priced = await priceCheckout(deps.db, user, { ...input, storePickup: true });
  const shippingOptionsUrl = new URL(vippsShippingOptionsPath, deps.publicUrl).href;
  return openCheckout(deps, vipps, {
    user,
    priced,
    quickBuy: input.cart.quickBuy,
    storePickup: false,
    express: true,
    locale: input.locale,
    pay: (payment) => vipps.createExpressPayment({ ...payment, shippingOptionsUrl }),
  });
}

/** Step 2 and the checkout that remembers it, for the checkout and for Express alike. */
async function openCheckout(
  deps: CheckoutDeps,
  provider: PaymentProvider,
  open: {
    user: AuthenticatedUser | undefined;
    priced: PricedCheckout;
    quickBuy: boolean;
    storePickup: boolean;
    express: boolean;
    locale: Locale;
    pay: (payment: ProviderPaymentInput) => Promise<ReservedPayment>;
  },
): Promise<CreatePaymentInOre> {
  const { priced } = open;
  const checkoutId = randomUUID();
  const { paymentId, redirectUrl } = await reservePayment(
    deps,
    checkoutId,
    priced,
    open.locale,
    open.pay,
  );
  // Until the shopper pays, the provider's payment reserves nothing: a failure to remember it
  // leaves nothing to release.
  await saveCheckout(deps.db, {
    id: checkoutId,
    provider: provider.name,
    paymentId,
    userId: open.user?.id ?? null,
    lines: priced.lines,
    quickBuy: open.quickBuy,
    storePickup: open.storePickup,
    couponCode: priced.couponCode,
    country: priced.country,
    postalCode: priced.postalCode,
    shippingDetails: priced.shippingDetails,
    billingDetails: priced.billingDetails,
    itemsTotalOre: priced.itemsTotalOre,
    discountOre: priced.discountOre,
    shippingOre: priced.shippingOre,
    shippingByRate: priced.shippingByRate,
    amountOre: priced.amountOre,
    locale: open.locale,
    express: open.express,
  });
  return {
    paymentId,
    checkoutKey: provider.checkoutKey,
    amountOre: ore(priced.amountOre),
    currency: 'NOK',
    provider: provider.name,
    checkoutScriptUrl: provider.checkoutScriptUrl,
    ...(redirectUrl ? { redirectUrl } : {}),
  };
}

/** What step 1 found the checkout to cost, all from the database. */
interface PricedCheckout {
  lines: CheckoutLine[];
  couponCode: string | null;
  itemsTotalOre: number;
  discountOre: number;
  couponDiscountOre: number;
  shippingOre: number;
  /** Shipping carries the VAT of the goods it delivers; kept as the provider got it. */
  shippingByRate: ShippingShare[];
  amountOre: number;
  country: string;
  postalCode: string;
  shippingDetails: SavedAddress | null;
  billingDetails: SavedAddress | null;
}

/**
 * Step 1, price: the cart's lines, the coupon and the shipping, from the database. Refused
 * before anyone pays: an empty cart, a line out of stock, a coupon this customer has used as
 * often as it allows or a per-customer coupon without a customer to count for, and an address
 * other than the one the shipping was priced for.
 */
async function priceCheckout(
  db: Database,
  user: AuthenticatedUser | undefined,
  input: CreatePaymentInput,
): Promise<PricedCheckout> {
  const coupon = await couponForCart(db, input.couponCode, {
    customer: couponCustomerOf(db, user, countCouponUses),
    required: true,
  });
  const priced = await priceCart(db, input.cart.cartItems, coupon);
  if (priced.cartItems.length === 0) throw new InvalidError('errors.checkout.emptyCart');
  const stock = await checkStock(db, input.cart.cartItems, input.locale);
  const [problem] = stock.responseArray;
  // The cart's stock check words its problems in English for its own answer (spec §4).
  if (problem)
    throw new ConflictError('errors.untranslated', { values: { message: problem.message } });

  // In the order's language, so the confirmation, receipt and My Orders name what the shopper saw.
  const items = await findPurchasableItems(
    db,
    priced.cartItems.map((line) => line.product._id),
    { locale: input.locale },
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
  const { totalOre: itemsTotalOre, discountOre } = priced;
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
  const saved =
    user && !input.storePickup && !given ? await savedAddressesOf(db, user.id) : undefined;
  return {
    lines,
    couponCode: coupon?.code ?? null,
    itemsTotalOre,
    discountOre,
    couponDiscountOre: couponShareOre(lines, itemsTotalOre, discountOre),
    shippingOre: shipping.shippingOre,
    shippingByRate: splitShippingByRate(shipping.shippingOre, paymentItemsOf(lines)),
    amountOre: itemsTotalOre - discountOre + shipping.shippingOre,
    country: shipping.country,
    postalCode,
    shippingDetails: given?.shippingDetails ?? saved?.shippingDetails ?? null,
    billingDetails: given?.billingDetails ?? saved?.billingAddress ?? null,
  };
}

type ProviderPaymentInput = Parameters<PaymentProvider['createPayment']>[0];
type ReservedPayment = { paymentId: string; redirectUrl?: string | undefined };

/**
 * Step 2, reserve payment: the provider's payment for the priced amount, which the shopper pays.
 * Vipps sends the shopper away and back to the storefront's return page, in their language, with
 * the payment named; the phone of the delivery address fills in Vipps' landing page.
 */
async function reservePayment(
  deps: CheckoutDeps,
  checkoutId: string,
  priced: PricedCheckout,
  locale: Locale,
  pay: (payment: ProviderPaymentInput) => Promise<ReservedPayment>,
): Promise<ReservedPayment> {
  const returnUrl = new URL(`${locale === 'en' ? '/en' : ''}/checkout/vipps`, deps.publicUrl);
  returnUrl.searchParams.set('paymentId', checkoutId);
  try {
    return await pay({
      reference: checkoutId,
      locale,
      amountOre: priced.amountOre,
      currency: 'NOK',
      lines: paymentLinesOf(priced.lines, priced.couponDiscountOre, priced.shippingByRate),
      returnUrl: returnUrl.href,
      ...(priced.shippingDetails?.phone ? { phoneNumber: priced.shippingDetails.phone } : {}),
    });
  } catch (error) {
    deps.log.error({ err: error }, 'payment provider refused to create a payment');
    throw new ProviderUnavailableError('errors.checkout.providerUnavailable');
  }
}

/** Undoes step 2: the checkout closes with the shopper's reason and the provider lets go. */
async function releasePayment(deps: CheckoutDeps, checkout: Checkout, reason: string) {
  await cancelCheckout(deps.db, checkout.id, reason);
  try {
    await providerOf(deps, checkout.provider).cancel(
      checkout.paymentId,
      checkout.amountOre,
      `cancel-${checkout.id}`,
    );
  } catch (error) {
    deps.log.error({ err: error, checkoutId: checkout.id }, 'cancelling the payment failed');
  }
}

/**
 * The delivery options of an Express checkout to the address the shopper shared in the app
 * (issue 32.4): home delivery priced from the shop's zones and rates as the checkout prices it,
 * left out where the shop does not deliver (Svalbard and Jan Mayen, a country without a zone, a
 * parcel too heavy), and pickup in the shop, free, to any address.
 */
async function expressOptionsFor(
  db: Database,
  checkout: Checkout,
  destination: { country: string; postalCode: string },
): Promise<(ExpressShippingOption & { country: string })[]> {
  const pickup = {
    id: 'pickup',
    kind: 'pickup' as const,
    name: translate(checkout.locale, 'payments.expressStorePickup'),
    priceOre: 0,
    country: '',
  };
  try {
    const quote = await quoteShipping(db, {
      lines: checkout.lines.map(({ itemId, qty }) => ({ itemId, qty })),
      country: destination.country,
      postalCode: destination.postalCode,
    });
    const home = {
      id: 'home',
      kind: 'home' as const,
      name: translate(checkout.locale, 'payments.expressHomeDelivery'),
      priceOre: quote.shippingOre,
      country: quote.country,
    };
    return [home, pickup];
  } catch (error) {
    if (error instanceof InvalidError) return [pickup];
    throw error;
  }
}

/**
 * `POST /api/payments/vipps/shipping-options`: Vipps asks what delivery an Express checkout's
 * goods cost to the address the shopper shared; only Vipps can ask (the token it was given
 * for that payment), and only while the checkout is open.
 */
export async function expressShippingOptions(
  deps: CheckoutDeps,
  request: { body: unknown; authorization: string | undefined },
): Promise<unknown> {
  const { vipps } = deps;
  const asked = vipps?.readShippingOptionsRequest(request.body);
  if (!vipps || !asked) throw new InvalidError('errors.checkout.unknownPayment');
  if (!vipps.isShippingOptionsRequest(asked.paymentId, request.authorization))
    throw new UnauthenticatedError('errors.checkout.unknownPayment');
  const checkout = await findCheckoutOfPayment(deps.db, [vipps.name], asked.paymentId);
  if (!checkout?.express || checkout.status !== 'open')
    throw new NotFoundError('errors.checkout.unknownPayment');
  return vipps.shippingOptionsAnswer(await expressOptionsFor(deps.db, checkout, asked.address));
}

/**
 * Step 3 of an Express checkout, before its payment is verified: the approved payment's delivery
 * and address become the checkout's, priced again here, so the amount the shopper approved is
 * verified against the shop's own price. A delivery the shop does not offer to that address,
 * or an address that fails the checkout's rules, releases the payment with the reason.
 */
async function decideExpressDelivery(deps: CheckoutDeps, checkout: Checkout): Promise<Checkout> {
  if (!checkout.express || checkout.status !== 'open') return checkout;
  const payment = await providerOf(deps, checkout.provider).getPayment(checkout.paymentId);
  if (payment?.status !== 'reserved' && payment?.status !== 'charged') return checkout;
  let decision: ExpressDecision;
  try {
    decision = await expressDecisionOf(deps.db, checkout, payment.express);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await releasePayment(deps, checkout, translate('en', error.key, error.values));
    throw new ConflictError(error.key, { values: error.values });
  }
  const decided = await decideExpressCheckout(deps.db, checkout.id, decision);
  if (!decided) throw new NotFoundError('errors.checkout.unknownPayment');
  return decided;
}

async function expressDecisionOf(
  db: Database,
  checkout: Checkout,
  delivery: ExpressDelivery | undefined,
): Promise<ExpressDecision> {
  if (!delivery) throw new InvalidError('errors.checkout.expressWithoutDelivery');
  const { address } = delivery;
  const options = await expressOptionsFor(db, checkout, address);
  const option = options.find((offered) => offered.id === delivery.optionId);
  if (!option) throw new InvalidError('errors.checkout.expressDeliveryRefused');
  const goodsOre = checkout.itemsTotalOre - checkout.discountOre;
  const shippingByRate = splitShippingByRate(option.priceOre, paymentItemsOf(checkout.lines));
  const priced = {
    shippingOre: option.priceOre,
    shippingByRate,
    amountOre: goodsOre + option.priceOre,
  };
  if (option.kind === 'pickup')
    return {
      ...priced,
      storePickup: true,
      country: '',
      postalCode: '',
      shippingDetails: null,
      billingDetails: null,
    };
  const { shippingDetails, billingDetails } = validAddresses(
    {
      shippingDetails: {
        name: delivery.name,
        phone: delivery.phone,
        email: delivery.email,
        address: address.street,
        apartmentNumber: address.line2,
        city: address.city,
        country: address.country,
        postalCode: address.postalCode,
      },
      billingDetails: undefined,
    },
    option.country,
    address.postalCode,
  );
  return {
    ...priced,
    storePickup: false,
    country: option.country,
    postalCode: address.postalCode,
    shippingDetails,
    billingDetails,
  };
}

/**
 * Step 3, verify payment: the provider must report the payment reserved or charged for exactly
 * the checkout's amount and currency. A checkout already ordered was verified before.
 */
async function verifyPayment(deps: CheckoutDeps, checkout: Checkout): Promise<void> {
  if (checkout.status !== 'open') return;
  const payment = await providerOf(deps, checkout.provider).getPayment(checkout.paymentId);
  if (!payment) throw new NotFoundError('errors.checkout.unknownPayment');
  if (payment.status === 'cancelled') throw new ConflictError('errors.checkout.paymentCancelled');
  if (payment.status !== 'reserved' && payment.status !== 'charged')
    throw new PaymentRequiredError('errors.checkout.notPaid');
  if (payment.amountOre !== checkout.amountOre || payment.currency !== checkout.currency) {
    await releasePayment(deps, checkout, translate('en', 'errors.checkout.amountMismatch'));
    throw new PaymentRequiredError('errors.checkout.amountMismatch');
  }
}

type Outcome =
  | { kind: 'ordered'; orderId: string; created: boolean; mailQueued: boolean }
  | { kind: 'refused'; reason: KeyedMessage };

/**
 * A step of the order transaction cannot go on; every step before it is rolled back. The
 * checkout keeps the reason in English, the shopper reads it in the request's language.
 */
class CheckoutRefused extends Error {
  constructor(readonly reason: KeyedMessage) {
    super(translate('en', reason.key, reason.values));
  }
}

/**
 * Steps 4–7's mail, in one transaction that locks the checkout (so retries
 * and the webhook wait and then see the order) and the items (so concurrent buyers cannot
 * oversell). Steps 4–6 run in a savepoint: a refusal (stock ran out, the coupon was used up)
 * takes them all back and closes the checkout with its reason.
 */
async function orderOnce(
  deps: CheckoutDeps,
  checkoutId: string,
  shopper: ClaimingShopper | undefined,
): Promise<Outcome> {
  return deps.db.transaction(async (tx): Promise<Outcome> => {
    const checkout = await lockCheckout(tx, checkoutId);
    if (!checkout) throw new NotFoundError('errors.checkout.unknownPayment');
    if (checkout.status === 'cancelled')
      return {
        kind: 'refused',
        // A reason kept with the checkout is English: it was written for the shop's records.
        reason: checkout.cancelReason
          ? { key: 'errors.untranslated', values: { message: checkout.cancelReason } }
          : { key: 'errors.checkout.paymentCancelled' },
      };
    if (checkout.status === 'ordered') return completeExistingOrder(tx, deps, checkout, shopper);
    const addresses = orderAddresses(checkout, shopper);
    let orderId: string;
    try {
      orderId = await tx.transaction(async (steps) => {
        const bought = await lockBoughtLines(steps, checkout);
        const userId = checkout.userId ?? shopper?.userId ?? null;
        const promotionId = await redeemCheckoutCoupon(steps, checkout, userId);
        const order = await placeCheckoutOrder(steps, checkout, {
          userId,
          promotionId,
          lines: bought,
          ...addresses,
        });
        // After the order is stored, so the stock ledger's rows can name it.
        await takeStock(steps, checkout.lines, order.id);
        return order.id;
      });
    } catch (error) {
      if (!(error instanceof CheckoutRefused)) throw error;
      await cancelCheckout(tx, checkout.id, error.message);
      return { kind: 'refused', reason: error.reason };
    }
    const mailQueued = await queueConfirmation(tx, deps, orderId);
    return { kind: 'ordered', orderId, created: true, mailQueued };
  });
}

/**
 * The checkout's lines as they will be bought, their items locked: refused when one is no
 * longer sold, out of stock or above its order limit.
 */
async function lockBoughtLines(tx: Transaction, checkout: Checkout): Promise<BoughtLine[]> {
  const items = await findPurchasableItems(
    tx,
    checkout.lines.map((line) => line.itemId),
    { lock: true, locale: checkout.locale },
  );
  return checkout.lines.map((line) => {
    const item = items.get(line.itemId);
    if (!item)
      throw new CheckoutRefused({
        key: 'errors.checkout.noLongerSold',
        values: { name: line.name },
      });
    if (line.qty > item.stock)
      throw new CheckoutRefused({ key: 'errors.stock.outOfStock', values: { name: item.name } });
    if (line.qty > item.orderLimit)
      throw new CheckoutRefused({
        key: 'errors.stock.orderLimitReached',
        values: { name: item.name },
      });
    return {
      ...line,
      productId: item.productId,
      slug: item.slug,
      image: item.heroImage,
      variants: item.variants,
    };
  });
}

/** Step 4, redeem coupon, under the promotion's lock: refused once it is used up. */
async function redeemCheckoutCoupon(
  tx: Transaction,
  checkout: Checkout,
  userId: string | null,
): Promise<string | null> {
  if (!checkout.couponCode) return null;
  const redeemed = await redeemCoupon(
    tx,
    checkout.couponCode,
    userId
      ? { userId, uses: (promotionId) => countCouponUses(tx, userId, promotionId) }
      : undefined,
  );
  if (redeemed.problem !== undefined) throw new CheckoutRefused(redeemed.problem);
  return redeemed.promotionId;
}

/** Step 5, place order: stored with the prices and VAT the payment was made for. */
async function placeCheckoutOrder(
  tx: Transaction,
  checkout: Checkout,
  order: {
    userId: string | null;
    promotionId: string | null;
    lines: BoughtLine[];
    shippingDetails: SavedAddress | null;
    billingDetails: SavedAddress | null;
  },
) {
  const couponDiscountOre = couponShareOre(
    checkout.lines,
    checkout.itemsTotalOre,
    checkout.discountOre,
  );
  // What the payment was created with: a checkout from before the split had its shipping at 25 %.
  const vatLines = vatByRate(
    paymentLinesOf(checkout.lines, couponDiscountOre, shippingByRateOf(checkout)),
  );
  return storeOrder(tx, checkout, {
    ...order,
    vatLines,
    deliveryStatus: initialDeliveryStatus,
  });
}

/** The webhook made the order before the shopper came back: the shopper completes it. */
async function completeExistingOrder(
  tx: Transaction,
  deps: CheckoutDeps,
  checkout: Checkout,
  shopper: ClaimingShopper | undefined,
): Promise<Outcome> {
  const existing = await orderOfCheckout(tx, checkout.id);
  if (!existing) throw new Error(`checkout ${checkout.id} is ordered without an order`);
  if (shopper) {
    const missingAddress = !existing.storePickup && !existing.shippingDetails;
    await completeOrder(tx, existing.id, {
      ...(existing.userId ? {} : { userId: shopper.userId }),
      ...(missingAddress ? orderAddresses(checkout, shopper) : {}),
    });
  }
  const mailQueued = await queueConfirmation(tx, deps, existing.id);
  return { kind: 'ordered', orderId: existing.id, created: false, mailQueued };
}

/**
 * Step 7's mail, queued in the order transaction, once: to the customer, or to the delivery
 * address's email when the order has no customer yet. An order with neither waits until the
 * shopper claims it. The shop's own notice of the order goes with it (issue 34.1).
 */
async function queueConfirmation(
  tx: Transaction,
  deps: CheckoutDeps,
  orderId: string,
): Promise<boolean> {
  const unconfirmed = await unconfirmedOrder(tx, orderId);
  if (!unconfirmed) return false;
  const { order, lines } = unconfirmed;
  const customer = order.userId ? await contactOf(tx, order.userId) : undefined;
  const to = customer?.email ?? order.shippingDetails?.email;
  if (!to) return false;
  // A capture that waits for the shipment has no time yet (the owner's setting, issue 32.3).
  const paymentState =
    order.paymentStatus === 'AUTHORISED' && order.paymentNextAttemptAt === null
      ? 'reserved'
      : 'captured';
  const mail = orderConfirmationMail({
    locale: order.locale,
    to,
    name: customer?.name ?? order.shippingDetails?.name ?? '',
    publicUrl: deps.publicUrl,
    orderNumber: order.number,
    orderedAt: order.createdAt,
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
    payment: { paidWith: paidWithOf(order), state: paymentState },
    receipt: await receiptOrNone(tx, deps, order.id),
  });
  const queued = await enqueueMail(tx, mail, { userId: order.userId });
  await confirmationQueued(tx, order.id, { template: queued.kind, to, subject: queued.subject });
  // The shop hears of the order in the same step, so once too (issue 34.1).
  await queueNewOrderNotice(tx, deps.publicUrl, {
    order,
    lines,
    customer: { name: customer?.name ?? '', email: to },
    payment: paymentState,
  });
  return true;
}

/**
 * The order's receipt for its confirmation, or none: a receipt that cannot be drawn must not cost
 * the shopper the order (it is paid), and stays to be downloaded in the back office. Drawn in a
 * savepoint, so a failed read of it leaves the order's transaction usable on PostgreSQL.
 */
async function receiptOrNone(
  tx: Transaction,
  deps: CheckoutDeps,
  orderId: string,
): Promise<MailAttachment | undefined> {
  try {
    return await tx.transaction((savepoint) => receiptAttachment(savepoint, orderId));
  } catch (error) {
    deps.log.error(
      { err: error, orderId },
      'The receipt could not be made: the order confirmation goes without it',
    );
    return undefined;
  }
}

/**
 * Step 7, confirm, after the commit: the mail worker is woken and the payment charged (or left
 * reserved, as the settlement decides). Also for an order that already existed: its charge may
 * have been cut short (a crash, a provider that failed), and the order stands on the
 * reservation until it is charged.
 */
async function confirmOrder(deps: CheckoutDeps, outcome: Outcome & { kind: 'ordered' }) {
  if (outcome.created) deps.afterOrderStored?.();
  if (outcome.mailQueued) deps.mailQueued();
  await settleOrderPayment(deps, outcome.orderId);
}

/**
 * Steps 3–7: turns a paid checkout into its order, once. When the order cannot be made (stock
 * ran out after the payment, the coupon was used up), the payment is released and the shopper
 * gets a 409 with the reason.
 */
async function finishCheckout(
  deps: CheckoutDeps,
  paid: Checkout,
  shopper: ClaimingShopper | undefined,
): Promise<{ order: OrderInOre; created: boolean }> {
  const checkout = await decideExpressDelivery(deps, paid);
  await verifyPayment(deps, checkout);
  const outcome = await orderOnce(deps, checkout.id, shopper);
  if (outcome.kind === 'refused') {
    const { key, values } = outcome.reason;
    await releasePayment(deps, checkout, translate('en', key, values));
    throw new ConflictError(key, { values });
  }
  await confirmOrder(deps, outcome);
  const order = await findOrder(deps.db, outcome.orderId);
  if (!order) throw new Error(`order ${outcome.orderId} vanished`);
  return { order, created: outcome.created };
}

/** `POST /api/orders`: the shopper is back from the widget and asks for the order. */
export async function placeOrder(
  deps: CheckoutDeps,
  user: AuthenticatedUser,
  input: { paymentId: string; shippingDetails: unknown; billingDetails: unknown },
): Promise<{ order: OrderInOre; created: boolean }> {
  requireRegisteredUser(user);
  const checkout = await findCheckoutOfPayment(
    deps.db,
    everyProvider(deps).map((provider) => provider.name),
    input.paymentId,
  );
  if (!checkout) throw new NotFoundError('errors.checkout.unknownPayment');
  if (checkout.userId && checkout.userId !== user.id)
    throw new ForbiddenError('errors.checkout.otherUsersPayment');
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
export async function completeFromWebhook(
  deps: CheckoutDeps,
  provider: PaymentProvider,
  paymentId: string,
): Promise<void> {
  const checkout = await findCheckoutOfPayment(deps.db, [provider.name], paymentId);
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
