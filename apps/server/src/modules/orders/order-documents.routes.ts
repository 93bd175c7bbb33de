import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOrderIdParamsSchema, adminOrderListQuerySchema, answerText } from '@shop/shared';
import { adminDocs, adminErrors, audience, staffGuard } from '../../admin/admin-routes.js';
import { orderPackingSlipPdf, orderReceiptPdf, type OrderFile } from './order-documents.service.js';
import { ordersCsv } from './orders-csv.js';
import { exportedOrders } from './orders-export.service.js';

/** A PDF as a download under its name; never kept by a cache, as it names the buyer. */
const sendPdf = (reply: FastifyReply, file: OrderFile) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.content);

/** The orders as files: the list as CSV, an order's receipt and packing slip as PDF. */
export const orderDocumentsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  app.get(
    '/admin/orders/export.csv',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'The orders the list finds, as a CSV file (ours)',
        description:
          'Every order `GET /api/admin/orders` finds with the same search, filters and sort, ' +
          'not one page of them (`page` and `pageSize` are ignored): one line per order with ' +
          'its number, date and time in Norway, delivery and payment status, the customer’s ' +
          'name and e-mail, delivery method, postal code and city, units, goods, shipping, VAT ' +
          'and total in NOK. As Excel in Norway opens it, like the accounting export: UTF-8 ' +
          'with a byte order mark, semicolon-separated, decimal commas, CRLF line ends; a ' +
          'customer’s text that starts like a formula (`=`, `+`, `-`, `@`) is written with a ' +
          "leading `'`. `orders.csv` as an attachment; 400 for a filter the list refuses. " +
          audience.staff,
        produces: ['text/csv'],
        querystring: adminOrderListQuerySchema,
        response: { 200: answerText().describe('The CSV file'), ...adminErrors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        .send(ordersCsv(await exportedOrders(db, request.query))),
  );

  app.get(
    '/admin/orders/:id/receipt.pdf',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'An order’s receipt as a PDF file (ours)',
        description:
          'The receipt ("kvittering") in the order’s language: the seller with its address and ' +
          'organisation number (with MVA when registered for VAT), the buyer, date, receipt ' +
          'and order number, each line with quantity, unit price, VAT rate and amount, the ' +
          'coupon, the shipping per VAT rate, the total, the VAT per rate with its base, the ' +
          'payment and any refunds. The order confirmation mail carries the same file. ' +
          '`kvittering-NUMBER.pdf` (`receipt-NUMBER.pdf` in English) as an attachment. ' +
          audience.staff,
        produces: ['application/pdf'],
        params: adminOrderIdParamsSchema,
        response: { 200: answerText().describe('The PDF file'), ...adminErrors },
      },
    },
    async (request, reply) => sendPdf(reply, await orderReceiptPdf(db, request.params.id)),
  );

  app.get(
    '/admin/orders/:id/packing-slip.pdf',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'An order’s packing slip as a PDF file (ours)',
        description:
          'In the order’s language: the order number and date, the delivery address or store ' +
          'pickup, and each line still to send with its SKU, options and units; no prices. ' +
          '`pakkseddel-NUMBER.pdf` (`packing-slip-NUMBER.pdf` in English) as an attachment. ' +
          audience.staff,
        produces: ['application/pdf'],
        params: adminOrderIdParamsSchema,
        response: { 200: answerText().describe('The PDF file'), ...adminErrors },
      },
    },
    async (request, reply) => sendPdf(reply, await orderPackingSlipPdf(db, request.params.id)),
  );
};
