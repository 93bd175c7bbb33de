import { describe, expect, it } from 'vitest';
import {
  accountingBuckets,
  type AccountingBucketAmounts,
  type AccountingDocument,
} from '@shop/shared';
import { buildPaymentLines, splitShippingByRate, vatByRate } from '../payments/payments.service.js';
import {
  accountingCsv,
  accountingTotals,
  csvAmount,
  refundBuckets,
  saleBuckets,
  type AccountedOrder,
} from './accounting-documents.js';
import { shippingByRateOf } from './shipping-vat.js';

// The accounting export's arithmetic (issue 13): each document split into goods and shipping
// per VAT rate (issue 29), adding up to its amount, with the VAT the payment provider was given.

const lines = [
  { id: 'socks', quantity: 3, unitPriceOre: 9_900, vatPercent: 25 },
  { id: 'honey', quantity: 1, unitPriceOre: 14_900, vatPercent: 15 },
];

/**
 * Three socks at 99 kr (25 %) and a honey at 149 kr (15 %), a 10 % coupon, 99 kr shipping split
 * 29 700 : 14 900 over the rates (65,93 at 25 %, 33,07 at 15 %).
 */
const order: AccountedOrder = {
  number: 1042,
  itemsTotalOre: 3 * 9_900 + 14_900,
  discountOre: 4_460,
  shippingByRate: splitShippingByRate(
    9_900,
    lines.map((line) => ({ ...line, itemId: line.id, name: line.id, qty: line.quantity })),
  ),
  grandTotalOre: 3 * 9_900 + 14_900 - 4_460 + 9_900,
  lines,
};

/** The same order made before the split, stored without one: its shipping was paid at 25 %. */
const orderBeforeSplit: AccountedOrder = {
  ...order,
  shippingByRate: shippingByRateOf({ shippingOre: 9_900, shippingByRate: null }),
};

const vatPerRate = (sale: AccountedOrder) =>
  vatByRate(
    buildPaymentLines({
      items: sale.lines.map((line) => ({
        itemId: line.id,
        name: line.id,
        qty: line.quantity,
        unitPriceOre: line.unitPriceOre,
        vatPercent: line.vatPercent,
      })),
      couponDiscountOre: sale.discountOre,
      shipping: sale.shippingByRate,
    }),
  );

const grossOf = (buckets: AccountingBucketAmounts) =>
  Object.values(buckets).reduce((sum, amounts) => sum + amounts.grossOre, 0);

describe('saleBuckets (issue 13)', () => {
  it('splits a sale into goods and shipping per rate that add up to its total, with the VAT of its payment lines (issue 29)', () => {
    const buckets = saleBuckets(order);
    expect(grossOf(buckets)).toBe(order.grandTotalOre);
    expect(buckets.shipping).toEqual({ grossOre: 6_593, vatOre: 1_319, netOre: 5_274 });
    expect(buckets.shipping15).toEqual({ grossOre: 3_307, vatOre: 431, netOre: 2_876 });
    // The same VAT per rate as the payment the provider was given (and the receipt shows).
    expect(vatPerRate(order)).toEqual([
      { rate: 25, amountOre: buckets.goods25.vatOre + buckets.shipping.vatOre },
      { rate: 15, amountOre: buckets.goods15.vatOre + buckets.shipping15.vatOre },
    ]);
    for (const amounts of Object.values(buckets))
      expect(amounts.netOre + amounts.vatOre).toBe(amounts.grossOre);
    for (const key of ['goods12', 'goods0', 'shipping12', 'shipping0'] as const)
      expect(buckets[key].grossOre).toBe(0);
  });

  it('books an order from before the split with all its shipping at 25 %, as it was paid (issue 29)', () => {
    const buckets = saleBuckets(orderBeforeSplit);
    expect(grossOf(buckets)).toBe(order.grandTotalOre);
    expect(buckets.shipping).toEqual({ grossOre: 9_900, vatOre: 1_980, netOre: 7_920 });
    expect(buckets.shipping15.grossOre).toBe(0);
    expect(vatPerRate(orderBeforeSplit)).toEqual([
      { rate: 25, amountOre: buckets.goods25.vatOre + buckets.shipping.vatOre },
      { rate: 15, amountOre: buckets.goods15.vatOre },
    ]);
  });

  it('refuses a VAT rate it has no bucket for rather than leave it out', () => {
    expect(() =>
      saleBuckets({
        ...order,
        lines: [{ id: 'odd', quantity: 1, unitPriceOre: 100, vatPercent: 8 }],
        itemsTotalOre: 100,
        discountOre: 0,
        shippingByRate: [],
        grandTotalOre: 100,
      }),
    ).toThrow(/8 % VAT/);
  });
});

describe('refundBuckets (issue 13)', () => {
  it('books a returned line negative at its own rate', () => {
    const buckets = refundBuckets(order, {
      amountOre: 8_910,
      lines: [{ amountOre: 8_910, vatPercent: 25 }],
    });
    expect(buckets.goods25).toEqual({ grossOre: -8_910, vatOre: -1_782, netOre: -7_128 });
    expect(grossOf(buckets)).toBe(-8_910);
  });

  it('splits goodwill over the rates as paid, each rate’s share between its goods and its shipping (issue 29)', () => {
    const buckets = refundBuckets(order, { amountOre: 10_000, lines: [] });
    expect(grossOf(buckets)).toBe(-10_000);
    expect(buckets.goods25.grossOre).toBeLessThan(0);
    expect(buckets.goods15.grossOre).toBeLessThan(0);
    expect(buckets.shipping.grossOre).toBeLessThan(0);
    expect(buckets.shipping15.grossOre).toBeLessThan(0);
    const before = refundBuckets(orderBeforeSplit, { amountOre: 10_000, lines: [] });
    // A refund's empty buckets are −0 (amounts are negated): no shipping at 15 % before the split.
    expect(Math.abs(before.shipping15.grossOre)).toBe(0);
    expect(before.shipping.grossOre).toBeLessThan(0);
  });

  it('a whole cancellation gives back every bucket of the sale to the øre', () => {
    for (const sold of [order, orderBeforeSplit]) {
      const sale = saleBuckets(sold);
      const cancelled = refundBuckets(sold, { amountOre: sold.grandTotalOre, lines: [] });
      for (const { key } of accountingBuckets)
        expect(sale[key].grossOre + cancelled[key].grossOre).toBe(0);
      expect(sale.shipping.vatOre + cancelled.shipping.vatOre).toBe(0);
    }
  });
});

describe('the CSV file (issue 13)', () => {
  it('writes øre with a decimal comma and a minus, no thousands separator', () => {
    expect(csvAmount(0)).toBe('0,00');
    expect(csvAmount(5)).toBe('0,05');
    expect(csvAmount(-5)).toBe('-0,05');
    expect(csvAmount(123_456_789)).toBe('1234567,89');
    expect(csvAmount(-9_900)).toBe('-99,00');
  });

  it('is UTF-8 with a BOM, semicolon-separated, headed with the SAF-T codes, one line per document', () => {
    const sale: AccountingDocument = {
      date: '2026-11-23',
      type: 'sale',
      document: '1042',
      orderNumber: 1042,
      paymentReference: 'pay-1',
      buckets: saleBuckets(order),
      grossOre: order.grandTotalOre,
    };
    const refund: AccountingDocument = {
      ...sale,
      type: 'refund',
      document: '1042-R1',
      paymentReference: 'refund-1',
      buckets: refundBuckets(order, {
        amountOre: 8_910,
        lines: [{ amountOre: 8_910, vatPercent: 25 }],
      }),
      grossOre: -8_910,
    };
    const documents = [sale, refund];
    const csv = accountingCsv({
      from: '2026-11-23',
      to: '2026-11-23',
      documents,
      totals: accountingTotals(documents),
    });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = csv
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(';'));
    expect(rows).toHaveLength(3);
    const [header = [], saleRow = [], refundRow = []] = rows;
    expect(header).toContain('Goods 25 % VAT (SAF-T 3)');
    expect(header).toContain('Goods 15 % net (SAF-T 31)');
    expect(header).toContain('Shipping 25 % VAT (SAF-T 3)');
    expect(header).toContain('Shipping 15 % VAT (SAF-T 31)');
    expect(header).toContain('Shipping 12 % net (SAF-T 33)');
    expect(header).toContain('Shipping 0 % gross');
    expect(saleRow[header.indexOf('Shipping 15 % gross')]).toBe('33,07');
    expect(saleRow[header.indexOf('Shipping 15 % VAT (SAF-T 31)')]).toBe('4,31');
    expect(saleRow.slice(0, 5)).toEqual(['2026-11-23', 'sale', '1042', '1042', 'pay-1']);
    expect(refundRow.slice(0, 3)).toEqual(['2026-11-23', 'refund', '1042-R1']);
    expect(refundRow.at(-1)).toBe('-89,10');
    expect(refundRow[header.indexOf('Goods 25 % VAT (SAF-T 3)')]).toBe('-17,82');
    expect(accountingTotals(documents).grossOre).toBe(order.grandTotalOre - 8_910);
  });
});
