import { describe, expect, it } from 'vitest';
import {
  accountingBuckets,
  type AccountingBucketAmounts,
  type AccountingDocument,
} from '@shop/shared';
import { buildPaymentLines, vatByRate } from '../payments/payments.service.js';
import {
  accountingCsv,
  accountingTotals,
  csvAmount,
  refundBuckets,
  saleBuckets,
  type AccountedOrder,
} from './accounting-documents.js';

// The accounting export's arithmetic (issue 13): each document split into goods per VAT rate
// and shipping, adding up to its amount, with the VAT the payment provider was given.

/** Three socks at 99 kr (25 %) and a honey at 149 kr (15 %), a 10 % coupon, 99 kr shipping. */
const order: AccountedOrder = {
  number: 1042,
  itemsTotalOre: 3 * 9_900 + 14_900,
  discountOre: 4_460,
  shippingOre: 9_900,
  grandTotalOre: 3 * 9_900 + 14_900 - 4_460 + 9_900,
  lines: [
    { id: 'socks', quantity: 3, unitPriceOre: 9_900, vatPercent: 25 },
    { id: 'honey', quantity: 1, unitPriceOre: 14_900, vatPercent: 15 },
  ],
};

const grossOf = (buckets: AccountingBucketAmounts) =>
  Object.values(buckets).reduce((sum, amounts) => sum + amounts.grossOre, 0);

describe('saleBuckets (issue 13)', () => {
  it('splits a sale into goods per rate and shipping that add up to its total, with the VAT of its payment lines', () => {
    const buckets = saleBuckets(order);
    expect(grossOf(buckets)).toBe(order.grandTotalOre);
    expect(buckets.shipping).toEqual({ grossOre: 9_900, vatOre: 1_980, netOre: 7_920 });
    // The same VAT per rate as the payment the provider was given (and the receipt shows).
    const provider = vatByRate(
      buildPaymentLines({
        items: order.lines.map((line) => ({
          itemId: line.id,
          name: line.id,
          qty: line.quantity,
          unitPriceOre: line.unitPriceOre,
          vatPercent: line.vatPercent,
        })),
        couponDiscountOre: order.discountOre,
        shippingOre: order.shippingOre,
      }),
    );
    expect(provider).toEqual([
      { rate: 25, amountOre: buckets.goods25.vatOre + buckets.shipping.vatOre },
      { rate: 15, amountOre: buckets.goods15.vatOre },
    ]);
    for (const amounts of Object.values(buckets))
      expect(amounts.netOre + amounts.vatOre).toBe(amounts.grossOre);
    expect(buckets.goods12.grossOre).toBe(0);
    expect(buckets.goods0.grossOre).toBe(0);
  });

  it('refuses a VAT rate it has no bucket for rather than leave it out', () => {
    expect(() =>
      saleBuckets({
        ...order,
        lines: [{ id: 'odd', quantity: 1, unitPriceOre: 100, vatPercent: 8 }],
        itemsTotalOre: 100,
        discountOre: 0,
        shippingOre: 0,
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

  it('splits goodwill over the rates as paid, the 25 % share between goods and shipping', () => {
    const buckets = refundBuckets(order, { amountOre: 10_000, lines: [] });
    expect(grossOf(buckets)).toBe(-10_000);
    expect(buckets.goods25.grossOre).toBeLessThan(0);
    expect(buckets.goods15.grossOre).toBeLessThan(0);
    expect(buckets.shipping.grossOre).toBeLessThan(0);
  });

  it('a whole cancellation gives back every bucket of the sale to the øre', () => {
    const sale = saleBuckets(order);
    const cancelled = refundBuckets(order, { amountOre: order.grandTotalOre, lines: [] });
    for (const { key } of accountingBuckets)
      expect(sale[key].grossOre + cancelled[key].grossOre).toBe(0);
    expect(sale.shipping.vatOre + cancelled.shipping.vatOre).toBe(0);
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
    expect(saleRow.slice(0, 5)).toEqual(['2026-11-23', 'sale', '1042', '1042', 'pay-1']);
    expect(refundRow.slice(0, 3)).toEqual(['2026-11-23', 'refund', '1042-R1']);
    expect(refundRow.at(-1)).toBe('-89,10');
    expect(refundRow[header.indexOf('Goods 25 % VAT (SAF-T 3)')]).toBe('-17,82');
    expect(accountingTotals(documents).grossOre).toBe(order.grandTotalOre - 8_910);
  });
});
