import { adminDashboardSchema } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api-query.js';

/** The counts and the sales chart, asked of the lists they open. */
export const useDashboard = () =>
  useQuery(apiQuery(['dashboard'], '/api/admin/dashboard', adminDashboardSchema));
