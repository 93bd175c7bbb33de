import {
  adminOrderListSchema,
  adminOrderSchema,
  cancelOrderResponseSchema,
  ordersToPackSchema,
  refundResponseSchema,
  retryChargeResponseSchema,
  type CancelOrderRequest,
  type DeliveryMoveRequest,
  type OrderNoteRequest,
  type PartShipmentRequest,
  type RefundRequest,
} from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';
import { downloadFile } from '../../lib/download.js';
import { queryString, type QueryValues } from '../../lib/query-string.js';

const orders = '/api/admin/orders';
const orderPath = (id: string) => `${orders}/${encodeURIComponent(id)}`;

/** Every change to an order reloads it and the lists it shows in. */
const ordersKey = ['orders'] as const;

/** A page of the order list: search, filters, sort and page as the address holds them. */
export const useOrders = (filters: QueryValues) =>
  useQuery(
    apiQuery(
      [...ordersKey, 'list', filters],
      `${orders}${queryString(filters)}`,
      adminOrderListSchema,
    ),
  );

/**
 * How many orders wait to be packed (issue 34.1), for the badge beside Orders: asked again every
 * 30 seconds while the tab is shown and when it comes back into focus, so new orders appear
 * without a reload; under the orders' key, so a change to an order asks it again at once.
 */
export const useOrdersToPack = () =>
  useQuery({
    ...apiQuery([...ordersKey, 'to-pack'], `${orders}/to-pack`, ordersToPackSchema),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });

/**
 * Every order the list's search and filters find, as the CSV file Excel in Norway opens (issue
 * 34.5); sort included, page left out: the file holds all of them.
 */
export const downloadOrdersCsv = (filters: QueryValues) =>
  downloadFile(`${orders}/export.csv${queryString(filters)}`, 'orders.csv');

/** An order's receipt or packing slip as PDF, saved under the name the server gives it. */
export const downloadOrderPdf = (
  orderId: string,
  document: 'receipt' | 'packing-slip',
  fallbackName: string,
) => downloadFile(`${orderPath(orderId)}/${document}.pdf`, fallbackName);

/** One order, whole; nothing is asked while `id` is undefined (a document that does not exist). */
export const useOrder = (id: string | undefined) =>
  useQuery({
    ...apiQuery([...ordersKey, id], orderPath(id ?? ''), adminOrderSchema),
    enabled: id !== undefined,
  });

/** Moves the delivery on, SHIPPED with its carrier and tracking. */
export const useMoveDelivery = (orderId: string) =>
  useApiMutation(
    (body: DeliveryMoveRequest) =>
      api(`${orderPath(orderId)}/delivery`, adminOrderSchema, { method: 'POST', body }),
    [ordersKey],
  );

/**
 * Ships some of the lines now (issue 32.3). The answer is the order as it now is, so it goes
 * straight into the page's cache; the lists, whose rows it may change, load again.
 */
export function useShipPart(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PartShipmentRequest) =>
      api(`${orderPath(orderId)}/shipments`, adminOrderSchema, { method: 'POST', body }),
    onSuccess: (order) => {
      client.setQueryData([...ordersKey, orderId], order);
      void client.invalidateQueries({ queryKey: [...ordersKey, 'list'] });
    },
  }).mutateAsync;
}

export const useAddNote = (orderId: string) =>
  useApiMutation(
    (body: OrderNoteRequest) =>
      api(`${orderPath(orderId)}/notes`, adminOrderSchema, { method: 'POST', body }),
    [ordersKey],
  );

export const useRetryCharge = (orderId: string) =>
  useApiMutation(
    () => api(`${orderPath(orderId)}/retry-charge`, retryChargeResponseSchema, { method: 'POST' }),
    [ordersKey],
  );

export const useCancelOrder = (orderId: string) =>
  useApiMutation(
    (body: CancelOrderRequest) =>
      api(`${orderPath(orderId)}/cancel`, cancelOrderResponseSchema, { method: 'POST', body }),
    [ordersKey],
  );

/** A return or a goodwill refund, sent with the key that makes a repeat the same refund. */
export const useRefund = (orderId: string) =>
  useApiMutation(
    ({ body, idempotencyKey }: { body: RefundRequest; idempotencyKey: string }) =>
      api(`${orderPath(orderId)}/refunds`, refundResponseSchema, {
        method: 'POST',
        body,
        idempotencyKey,
      }),
    [ordersKey],
  );
