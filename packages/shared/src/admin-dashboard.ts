import { z } from 'zod';

/** Sales of a period: charged orders and what they came to, and what was refunded in it. */
const salesSchema = z.object({
  orders: z.number().int(),
  grossOre: z.number().int(),
  refundedOre: z.number().int(),
});

/** `GET /api/admin/dashboard`: the back office's first page. Days are days in Norway. */
export const adminDashboardSchema = z.object({
  sales: z.object({ today: salesSchema, last7Days: salesSchema, last30Days: salesSchema }),
  /** The last 30 days, today last; a day without sales is there with zeros. */
  daily: z.array(salesSchema.extend({ date: z.iso.date() })),
  /** Paid or reserved, and not yet packed. */
  ordersToPack: z.number().int(),
  failedCharges: z.number().int(),
  /** Reservations close to expiry: ship or cancel them (issue 32.3). */
  expiringReservations: z.number().int(),
  /** Items on sale at or below their low-stock threshold. */
  lowStockItems: z.number().int(),
  pendingReviews: z.number().int(),
  newEnquiries: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
