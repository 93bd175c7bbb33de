import { stringify } from 'csv-stringify/sync';
import { csvAmount } from './accounting-documents.js';
import type { ExportedOrderRow } from './orders-export.service.js';

/**
 * A cell that starts like a formula is run by a spreadsheet when the file is opened; a leading
 * apostrophe makes Excel read it as text. The customers' own words (names, e-mails, places) go
 * through this, as the product CSV's cells do; the numbers and codes the shop writes need not.
 */
const formulaStart = /^[=+\-@\t\r]/;
export const guardFormula = (cell: string) => (formulaStart.test(cell) ? `'${cell}` : cell);

export const ordersCsvHeader = [
  'Order',
  'Date',
  'Delivery status',
  'Payment status',
  'Customer',
  'E-mail',
  'Delivery method',
  'Postal code',
  'City',
  'Items',
  'Goods',
  'Shipping',
  'VAT',
  'Total',
] as const;

/**
 * The orders as Excel in Norway opens them, written as the accounting export is: UTF-8 with a
 * BOM, semicolons, decimal commas, CRLF line ends; one line per order, amounts in NOK VAT
 * included, dates and times in Norway.
 */
export function ordersCsv(rows: readonly ExportedOrderRow[]): string {
  const lines = rows.map((row) => [
    String(row.number),
    row.date,
    row.deliveryStatus,
    row.paymentStatus,
    guardFormula(row.customerName),
    guardFormula(row.customerEmail),
    row.deliveryMethod,
    guardFormula(row.postalCode),
    guardFormula(row.city),
    String(row.itemCount),
    csvAmount(row.goodsOre),
    csvAmount(row.shippingOre),
    csvAmount(row.vatOre),
    csvAmount(row.grandTotalOre),
  ]);
  return stringify([[...ordersCsvHeader], ...lines], {
    delimiter: ';',
    bom: true,
    record_delimiter: '\r\n',
  });
}
