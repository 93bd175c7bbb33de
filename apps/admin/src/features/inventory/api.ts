import {
  inventoryPageSchema,
  stockAdjustmentResultSchema,
  stockLedgerPageSchema,
  type StockAdjustmentRequest,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';
import { queryString, type QueryValues } from '../../lib/query-string.js';

const inventory = '/api/admin/inventory';

/** A change of stock or limits reloads the list and the items' histories. */
const inventoryKey = ['inventory'] as const;

export const useInventory = (filters: QueryValues) =>
  useQuery(
    apiQuery(
      [...inventoryKey, 'list', filters],
      `${inventory}${queryString(filters)}`,
      inventoryPageSchema,
    ),
  );

/** A page of an item's stock movements, newest first. */
export const useStockLedger = (itemId: string, page: number) =>
  useQuery(
    apiQuery(
      [...inventoryKey, 'ledger', itemId, page],
      `${inventory}/${itemId}/ledger${queryString({ page, pageSize: 20 })}`,
      stockLedgerPageSchema,
    ),
  );

/** The low-stock limit and the like; `null` clears one. */
export const useSaveLimits = () =>
  useApiMutation(
    ({ itemId, body }: { itemId: string; body: Record<string, number | null> }) =>
      api(`${inventory}/${itemId}`, z.unknown(), { method: 'PATCH', body }),
    [inventoryKey],
  );

export const useAdjustStock = () =>
  useApiMutation(
    ({ itemId, body }: { itemId: string; body: StockAdjustmentRequest }) =>
      api(`${inventory}/${itemId}/adjustments`, stockAdjustmentResultSchema, {
        method: 'POST',
        body,
      }),
    [inventoryKey],
  );
