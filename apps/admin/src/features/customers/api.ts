import {
  adminCustomerDetailSchema,
  adminCustomerPageSchema,
  messageResponseSchema,
  type CustomerBlockRequest,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';
import { downloadFile } from '../../lib/download.js';
import { queryString, type QueryValues } from '../../lib/query-string.js';

const customers = '/api/admin/customers';
const customerPath = (id: string) => `${customers}/${encodeURIComponent(id)}`;

/** A change to a customer reloads the customer and the lists. */
const customersKey = ['customers'] as const;
const listKey = [...customersKey, 'list'] as const;

export const useCustomers = (filters: QueryValues) =>
  useQuery(
    apiQuery([...listKey, filters], `${customers}${queryString(filters)}`, adminCustomerPageSchema),
  );

/** One customer with addresses, orders and reviews. */
export const useCustomer = (id: string) =>
  useQuery(apiQuery([...customersKey, id], customerPath(id), adminCustomerDetailSchema));

/** Mails the verification link again; changes nothing shown. */
export const resendVerification = (id: string) =>
  api(`${customerPath(id)}/resend-verification`, messageResponseSchema, { method: 'POST' });

export const useBlockCustomer = (id: string) =>
  useApiMutation(
    (body: CustomerBlockRequest) =>
      api(`${customerPath(id)}/block`, adminCustomerDetailSchema, { method: 'POST', body }),
    [customersKey],
  );

export const useUnblockCustomer = (id: string) =>
  useApiMutation(
    () => api(`${customerPath(id)}/unblock`, adminCustomerDetailSchema, { method: 'POST' }),
    [customersKey],
  );

/** Deletes the account; only the lists load again, since the customer's page is left. */
export const useDeleteCustomer = (id: string) =>
  useApiMutation(() => api(customerPath(id), z.unknown(), { method: 'DELETE' }), [listKey]);

/** Everything the shop holds on the customer, saved as a JSON file. */
export const exportCustomer = (id: string) =>
  downloadFile(`${customerPath(id)}/export`, `customer-${id}.json`);
