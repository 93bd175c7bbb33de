import { describe, expect, it } from 'vitest';
import {
  createPaymentResponseSchema,
  customerExportSchema,
  orderSchema,
  ordersResponseSchema,
  ore,
} from '@shop/shared';
import type { OrderInOre, OrderSummaryInOre } from './orders.service.js';
import {
  createPaymentToWire,
  exportedOrderToWire,
  orderToWire,
  ordersToWire,
} from './orders.wire.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// Two shirts at 239.20 (25 % VAT) and a honey at 199.50 (15 %), 10 % off with a coupon, shipped
// for 99.00: the shipping carries the VAT of the goods it delivers.
const order: OrderInOre = {
  _id: id(1),
  orderNumber: 10001,
  createdAt: '2025-06-01T10:00:00.000Z',
  deliveryStatus: 'PENDING',
  paymentId: 'pay-1',
  paymentType: 'CARD',
  storePickup: false,
  totalOre: ore(79_750),
  discountOre: ore(18_739),
  shippingPriceOre: ore(9_900),
  grandTotalOre: ore(70_911),
  vat: [
    { rate: 25, amountOre: ore(10_118) },
    { rate: 15, amountOre: ore(2_554) },
  ],
  couponCode: 'PCT10',
  orderItems: [
    {
      _id: id(2),
      productId: id(3),
      productImage: '/products/hemp-t-shirt.webp',
      productName: 'Hemp T-Shirt',
      productPriceOre: ore(23_920),
      quantity: 2,
      variant: { Color: 'Red' },
      vatRate: 25,
    },
    {
      _id: id(4),
      productId: null,
      productImage: '/products/acacia-honey.webp',
      productName: 'Acacia Honey',
      productPriceOre: ore(19_950),
      quantity: 1,
      variant: undefined,
      vatRate: 15,
    },
  ],
  shippingDetails: null,
  billingDetails: null,
};

describe("the orders module's answers in NOK on the wire (issue 30.6)", () => {
  it('sends an order with its totals, VAT lines and line prices in NOK', () => {
    const wire = orderToWire(order);
    expect(orderSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({
      total: 797.5,
      discount: 187.39,
      shippingPrice: 99,
      grandTotal: 709.11,
      vat: [
        { rate: 25, amount: 101.18 },
        { rate: 15, amount: 25.54 },
      ],
    });
    expect(wire.orderItems.map((line) => line.productPrice)).toEqual([239.2, 199.5]);
    expect(wire.orderItems[0]).toMatchObject({ variant: { Color: 'Red' }, vatRate: 25 });
    expect(JSON.stringify(wire)).not.toMatch(/Ore"/);
  });

  it("sends the customer's list with its refunds in NOK", () => {
    const summary: OrderSummaryInOre = {
      _id: order._id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      deliveryStatus: 'DELIVERED',
      grandTotalOre: order.grandTotalOre,
      storePickup: false,
      shippingPriceOre: order.shippingPriceOre,
      couponCode: 'PCT10',
      couponDiscountOre: ore(6_779),
      orderItems: [
        {
          _id: id(4),
          productImage: '/products/acacia-honey.webp',
          productName: 'Acacia Honey',
          productPriceOre: ore(19_950),
          quantity: 1,
          variant: undefined,
        },
      ],
      refunds: [
        {
          _id: id(5),
          refundedAt: '2025-06-10T09:00:00.000Z',
          kind: 'return',
          amountOre: ore(19_950),
          orderItems: [{ _id: id(4), quantity: 1 }],
        },
      ],
      refundedOre: ore(19_950),
      totalAfterRefundsOre: ore(70_911 - 19_950),
    };
    const wire = ordersToWire({ orders: [summary] });
    expect(ordersResponseSchema.parse(wire)).toEqual(wire);
    expect(wire.orders[0]).toMatchObject({
      grandTotal: 709.11,
      shippingPrice: 99,
      couponDiscount: 67.79,
      orderItems: [{ productPrice: 199.5, quantity: 1 }],
      refunds: [{ kind: 'return', amount: 199.5, orderItems: [{ _id: id(4), quantity: 1 }] }],
      refunded: 199.5,
      totalAfterRefunds: 509.61,
    });
  });

  it("sends a data export's order as the storefront's order, with its payment state", () => {
    const wire = exportedOrderToWire({ ...order, paymentStatus: 'CHARGED' });
    expect(wire).toEqual({ ...orderToWire(order), paymentStatus: 'CHARGED' });
    expect(customerExportSchema.shape.orders.element.parse(wire)).toEqual(wire);
  });

  it("sends the create-payment answer's amount in NOK", () => {
    const wire = createPaymentToWire({
      paymentId: 'pay-1',
      checkoutKey: 'test-key',
      amountOre: ore(70_911),
      currency: 'NOK',
      provider: 'test',
      checkoutScriptUrl: '/payments/test/checkout.js',
    });
    expect(createPaymentResponseSchema.parse(wire)).toEqual(wire);
    expect(wire.amount).toBe(709.11);
    expect(wire).not.toHaveProperty('amountOre');
  });
});
