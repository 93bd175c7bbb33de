import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminErrorSchema,
  answerText,
  CATEGORY_PATH_SEPARATOR,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MAX_ROWS,
  productCsvColumns,
  productCsvExportQuerySchema,
  productCsvImportErrorSchema,
  productCsvImportQuerySchema,
  productCsvImportResultSchema,
  productCsvRequiredColumns,
  shopDay,
} from '@shop/shared';
import { adminDocs, audience, staffGuard } from '../../admin/admin-routes.js';
import { HttpError } from '../../plugins/error-handler.js';
import { currentUser } from '../../auth/current-user.js';
import type { ProductSales } from './products-admin.service.js';
import { exportProductsCsv, importProductsCsv } from './products-csv.service.js';

const errors = { 400: adminErrorSchema, 401: adminErrorSchema, 403: adminErrorSchema };
const csvTypes = ['text/csv', 'application/csv', 'application/vnd.ms-excel'];

const format =
  `One row per item that is not archived, the header first with the columns ` +
  `${productCsvColumns.map((column) => `\`${column}\``).join(', ')}. \`product_name\` is the ` +
  'bokmål name, `product_name_en` the English one (empty where none is written: English pages ' +
  'show the bokmål). `category` is the ' +
  `category's path of names from the top (\`Garments${CATEGORY_PATH_SEPARATOR}T-Shirts\`); ` +
  "`status` draft, published or archived; `vat_percent` 25 or 15; `options` the item's " +
  'option values (`Size=S; Colour=Red`, empty for a product without options); `price` in ' +
  'kroner with up to two decimals (`199.50`, `199,50` too); `disabled` yes or no. ' +
  'Descriptions, images, specs and related products are not in the file and are kept. A cell ' +
  "that starts like a formula (`=`, `+`, `-`, `@`) is written with a leading `'`, which the " +
  'import takes off again.';

/** The back office's CSV export and import of products and items (issue 12). */
export const productsCsvRoutes: FastifyPluginAsync<{ sales: ProductSales }> = async (
  instance,
  { sales },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = staffGuard(app);

  // Only this plugin's routes read CSV bodies; the file is read whole, as a buffer.
  app.addContentTypeParser(
    csvTypes,
    { parseAs: 'buffer', bodyLimit: PRODUCT_CSV_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/admin/products/export.csv',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'The products and their items as a CSV file (ours)',
        description:
          `UTF-8 with a byte order mark (so Excel shows æøå), comma-separated, CRLF line ends; ` +
          `\`products-YYYY-MM-DD.csv\` as an attachment. The list's filters (\`q\`, ` +
          `\`categoryId\`, \`status\`, \`stock\`) choose the products. ${format} ${audience.staff}`,
        produces: ['text/csv'],
        querystring: productCsvExportQuerySchema,
        response: { 200: answerText().describe('The CSV file'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportProductsCsv(db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${shopDay()}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/admin/products/import',
    {
      ...guard,
      bodyLimit: PRODUCT_CSV_MAX_BYTES,
      preParsing: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > PRODUCT_CSV_MAX_BYTES)
          throw new HttpError(413, 'errors.productsCsv.tooLarge', {
            megabytes: PRODUCT_CSV_MAX_BYTES / 1024 / 1024,
          });
      },
      schema: {
        ...adminDocs,
        summary: 'Import products and items from a CSV file (ours)',
        description:
          'The body is the file (`text/csv`, at most ' +
          `${PRODUCT_CSV_MAX_BYTES / 1024 / 1024} MB and ${PRODUCT_CSV_MAX_ROWS} rows): comma- ` +
          'or semicolon-separated (as the header row is), UTF-8 with or without a byte order ' +
          'mark (else read as Windows-1252), CRLF or LF. The columns are those of the export, ' +
          `in any order; ${productCsvRequiredColumns.map((column) => `\`${column}\``).join(' and ')} ` +
          'are required, a missing column or an empty cell keeps the current value (a new ' +
          'product needs `product_name` and `category`, a new item `price`), except an empty ' +
          '`product_name_en`, which clears the English name; a file without that column keeps ' +
          'the English names. Rows are grouped ' +
          'by `product_slug`: a new slug creates the product, with the options its rows name; ' +
          "an existing SKU updates that item and its product's columns; a new SKU adds an " +
          "item. Every row of a product must give the same product columns, and the product's " +
          "items must still be every combination of its options. Items the file doesn't name " +
          'are kept; nothing is deleted. A changed stock is a stock-ledger row (reason ' +
          '`import`). With `dryRun=true` (the default) nothing is written; the answer says ' +
          'what would change, row by row. 400 lists every error with its row (as a ' +
          'spreadsheet numbers it, the header is row 1) and column, and nothing is written. ' +
          `${format} ${audience.staff}`,
        consumes: csvTypes,
        querystring: productCsvImportQuerySchema,
        response: {
          200: productCsvImportResultSchema,
          ...errors,
          400: productCsvImportErrorSchema,
          413: adminErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const body: unknown = request.body ?? '';
      if (!Buffer.isBuffer(body) && typeof body !== 'string')
        throw new HttpError(400, 'errors.productsCsv.contentType');
      const user = currentUser(request);
      const outcome = await importProductsCsv(db, { id: user.id, email: user.email }, body, {
        dryRun: request.query.dryRun,
        sales,
      });
      if (!outcome.ok)
        return reply.status(400).send({ message: outcome.message, errors: outcome.errors });
      return outcome.result;
    },
  );
};
