import { shopDay, type AdminDashboard } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { listInventory } from '../catalog/index.js';
import { listEnquiries } from '../enquiries/index.js';
import { dailySales, type DaySales, listAdminOrders } from '../orders/index.js';
import { moderationPage } from '../reviews/index.js';

/**
 * The back office's first page. Each count is the total of the list its tile links to, asked
 * of that list's own query, so the tile and the list can never disagree.
 */

const DAYS = 30;
const justCount = { page: 1, pageSize: 1 } as const;

const orderCount = async (
  db: Database,
  filter: Pick<
    Parameters<typeof listAdminOrders>[1],
    'toPack' | 'paymentStatus' | 'reservationExpiring'
  >,
) =>
  (await listAdminOrders(db, { q: '', sort: 'date', order: 'desc', ...filter, ...justCount }))
    .total;

function sum(days: readonly DaySales[]) {
  return {
    orders: days.reduce((total, day) => total + day.orders, 0),
    grossOre: days.reduce((total, day) => total + day.grossOre, 0),
    refundedOre: days.reduce((total, day) => total + day.refundedOre, 0),
  };
}

/** `GET /api/admin/dashboard`. */
export async function dashboard(db: Database, today: string = shopDay()): Promise<AdminDashboard> {
  const [
    daily,
    ordersToPack,
    failedCharges,
    expiringReservations,
    lowStock,
    pendingReviews,
    newEnquiries,
  ] = await Promise.all([
    dailySales(db, DAYS, today),
    orderCount(db, { toPack: true }),
    orderCount(db, { paymentStatus: 'CHARGE_FAILED' }),
    orderCount(db, { reservationExpiring: true }),
    listInventory(db, { q: '', state: 'low', sort: 'name', ...justCount }),
    moderationPage(db, { status: 'PENDING', ...justCount }),
    listEnquiries(db, { status: 'new', q: '', ...justCount }),
  ]);
  return {
    sales: {
      today: sum(daily.slice(-1)),
      last7Days: sum(daily.slice(-7)),
      last30Days: sum(daily),
    },
    daily,
    ordersToPack,
    failedCharges,
    expiringReservations,
    lowStockItems: lowStock.total,
    pendingReviews: pendingReviews.total,
    newEnquiries: newEnquiries.total,
  };
}
