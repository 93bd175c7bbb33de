import { accountingReportSchema } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api-query.js';
import { downloadFile } from '../../lib/download.js';
import { queryString } from '../../lib/query-string.js';
import type { Period } from './periods.js';

const accounting = '/api/admin/accounting';

/** The period's sales and refunds by VAT rate; nothing is asked while `period` is undefined. */
export const useAccountingReport = (period: Period | undefined) =>
  useQuery({
    ...apiQuery(
      ['accounting', period],
      `${accounting}${queryString({ ...period })}`,
      accountingReportSchema,
    ),
    enabled: period !== undefined,
  });

/** The period's lines as the CSV file the accountant imports. */
export const downloadAccountingCsv = (period: Period) =>
  downloadFile(
    `${accounting}/export.csv${queryString({ ...period })}`,
    `accounting-${period.from}-${period.to}.csv`,
  );
