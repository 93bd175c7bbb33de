import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNTING_MAX_DAYS,
  accountingQuerySchema,
  accountingReportSchema,
  answerText,
} from '@shop/shared';
import { adminDocs, adminErrors, audience, ownerGuard } from '../../admin/admin-routes.js';
import { accountingCsv } from './accounting-documents.js';
import { accountingReport } from './accounting.service.js';

const period =
  '`from` and `to` are days in Norway, both included, at most ' +
  `${ACCOUNTING_MAX_DAYS} days apart. A sale is dated by its charge, a refund by its completion; ` +
  'each is split into goods per VAT rate and shipping, with the SAF-T VAT code of each ' +
  '(3: 25 %, 31: 15 %, 33: 12 %, 5: 0 %); refunds are negative.';

/** The accountant's view of the money: `/api/admin/accounting`. */
export const accountingRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const guard = ownerGuard(app);

  app.get(
    '/admin/accounting',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'The sales and refunds of a period, for the accounts (ours)',
        description: `${period} ${audience.owner}`,
        querystring: accountingQuerySchema,
        response: { 200: accountingReportSchema, ...adminErrors },
      },
    },
    async (request) => accountingReport(db, request.query),
  );

  app.get(
    '/admin/accounting/export.csv',
    {
      ...guard,
      schema: {
        ...adminDocs,
        summary: 'The sales and refunds of a period as a CSV file (ours)',
        description:
          'One line per sale and per refund, as `GET /api/admin/accounting` lists them: UTF-8 ' +
          'with a byte order mark, semicolon-separated, decimal commas (as Excel in Norway ' +
          'opens it), CRLF line ends; net, VAT and gross columns per bucket, then the total. ' +
          `\`accounting-FROM-TO.csv\` as an attachment. ${period} ${audience.owner}`,
        produces: ['text/csv'],
        querystring: accountingQuerySchema,
        response: { 200: answerText().describe('The CSV file'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const report = await accountingReport(db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="accounting-${report.from}-${report.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(accountingCsv(report));
    },
  );
};
