import { adminDashboardSchema } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api-query.js';

/**
 * The counts and the sales chart, asked of the lists they open. Asked again as the badge of
 * orders to pack is (every 30 seconds while shown, and when the tab comes back into focus), so
 * the dashboard left open never says fewer orders to pack than the badge beside it (issue 34.1).
 */
export const useDashboard = () =>
  useQuery({
    ...apiQuery(['dashboard'], '/api/admin/dashboard', adminDashboardSchema),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
