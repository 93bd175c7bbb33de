import {
  type CreatePaymentResponse,
  type CustomerExport,
  type Order,
  type OrdersResponse,
  type OrderSummary,
  oreToNok,
} from '@shop/shared';
import type { CreatePaymentInOre } from './checkout.flow.js';
import type { ExportedOrderInOre } from './customer-orders.service.js';
import type { OrderInOre, OrderSummaryInOre } from './orders.service.js';

/**
 * The orders module's storefront answers as the wire carries them, in NOK. Only routes call
 * these: the services and the checkout flow answer øre.
 */

export function orderToWire({
  totalOre,
  discountOre,
  shippingPriceOre,
  grandTotalOre,
  vat,
  orderItems,
  ...order
}: OrderInOre): Order {
  return {
    ...order,
    total: oreToNok(totalOre),
    discount: oreToNok(discountOre),
    shippingPrice: oreToNok(shippingPriceOre),
    grandTotal: oreToNok(grandTotalOre),
    vat: vat.map(({ rate, amountOre }) => ({ rate, amount: oreToNok(amountOre) })),
    orderItems: orderItems.map(({ productPriceOre, ...line }) => ({
      ...line,
      productPrice: oreToNok(productPriceOre),
    })),
  };
}

/** An order of a customer's data export (back office), which holds it as the storefront's. */
export function exportedOrderToWire({
  paymentStatus,
  ...order
}: ExportedOrderInOre): CustomerExport['orders'][number] {
  return { ...orderToWire(order), paymentStatus };
}

function orderSummaryToWire({
  grandTotalOre,
  shippingPriceOre,
  couponDiscountOre,
  orderItems,
  refunds,
  refundedOre,
  totalAfterRefundsOre,
  ...order
}: OrderSummaryInOre): OrderSummary {
  return {
    ...order,
    grandTotal: oreToNok(grandTotalOre),
    shippingPrice: oreToNok(shippingPriceOre),
    couponDiscount: oreToNok(couponDiscountOre),
    orderItems: orderItems.map(({ productPriceOre, ...line }) => ({
      ...line,
      productPrice: oreToNok(productPriceOre),
    })),
    refunds: refunds.map(({ amountOre, ...refund }) => ({
      ...refund,
      amount: oreToNok(amountOre),
    })),
    refunded: oreToNok(refundedOre),
    totalAfterRefunds: oreToNok(totalAfterRefundsOre),
  };
}

export function ordersToWire(list: { orders: OrderSummaryInOre[] }): OrdersResponse {
  return { orders: list.orders.map(orderSummaryToWire) };
}

export function createPaymentToWire({
  amountOre,
  ...payment
}: CreatePaymentInOre): CreatePaymentResponse {
  return { ...payment, amount: oreToNok(amountOre) };
}
