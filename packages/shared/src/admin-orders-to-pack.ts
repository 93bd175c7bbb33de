import { z } from 'zod';

/**
 * `GET /api/admin/orders/to-pack` (issue 34.1): how many orders wait to be packed, the same
 * orders as the list's `toPack=true`, for the back office's badge beside Orders.
 */
export const ordersToPackSchema = z.object({ count: z.number().int().min(0) });
export type OrdersToPack = z.infer<typeof ordersToPackSchema>;
