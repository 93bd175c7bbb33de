import { auditPageSchema } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api-query.js';
import { queryString, type QueryValues } from '../../lib/query-string.js';

/** A page of the audit log, filtered as the address says. */
export const useAuditLog = (filters: QueryValues) =>
  useQuery(
    apiQuery(['audit', filters], `/api/admin/audit${queryString(filters)}`, auditPageSchema),
  );
