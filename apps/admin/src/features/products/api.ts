import {
  adminProductListSchema,
  adminProductSchema,
  productBulkResultSchema,
  productCsvImportResultSchema,
  productPreviewLinkSchema,
  type ProductBulkRequest,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { productsKey } from '../../lib/api.js';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';
import { downloadFile } from '../../lib/download.js';
import { queryString, type QueryValues } from '../../lib/query-string.js';
import type { ProductRequest } from './product-form.js';

const products = '/api/admin/products';

/** A saved product reloads itself, the lists and the look-ups (`lib/api.ts`): all under it. */
const listKey = [...productsKey, 'list'] as const;

export const useProducts = (filters: QueryValues) =>
  useQuery(
    apiQuery([...listKey, filters], `${products}${queryString(filters)}`, adminProductListSchema),
  );

/** One product as the editor shows it; nothing is asked while `id` is undefined (a new one). */
export const useProduct = (id: string | undefined) =>
  useQuery({
    ...apiQuery([...productsKey, 'one', id], `${products}/${id}`, adminProductSchema),
    enabled: id !== undefined,
  });

/** Creates the product, or saves the one with `productId` (the body carries its version). */
export const useSaveProduct = () =>
  useApiMutation(
    ({ productId, body }: { productId: string | undefined; body: ProductRequest }) =>
      productId
        ? api(`${products}/${productId}`, adminProductSchema, { method: 'PUT', body })
        : api(products, adminProductSchema, { method: 'POST', body }),
    [productsKey],
  );

/** Deletes a product never ordered; its editor is left, so only the lists load again. */
export const useDeleteProduct = () =>
  useApiMutation(
    (productId: string) => api(`${products}/${productId}`, z.null(), { method: 'DELETE' }),
    [listKey],
  );

/** The products the list's filters find, every page of them, as a CSV file. */
export const downloadProductsCsv = (filters: QueryValues) =>
  downloadFile(`${products}/export.csv${queryString(filters)}`, 'products.csv');

const sendCsv = (file: File, dryRun: boolean) =>
  api(
    `${products}/import${queryString({ dryRun: String(dryRun) })}`,
    productCsvImportResultSchema,
    {
      method: 'POST',
      // Windows names a .csv file application/vnd.ms-excel, some systems nothing at all.
      body: new Blob([file], { type: 'text/csv' }),
    },
  );

/** What importing the CSV file would do, changing nothing. */
export const checkProductsCsv = (file: File) => sendCsv(file, true);

/** Imports the CSV file; every product read loads again. */
export const useImportProducts = () =>
  useApiMutation((file: File) => sendCsv(file, false), [productsKey]);

/** A draft copy of the product (issue 34.3); the lists load again, the editor opens the copy. */
export const useDuplicateProduct = () =>
  useApiMutation(
    (productId: string) =>
      api(`${products}/${productId}/duplicate`, adminProductSchema, { method: 'POST' }),
    [listKey],
  );

/** A preview link of the product as saved (issue 34.4): a storefront path that expires. */
export const useProductPreviewLink = () =>
  useApiMutation(
    (productId: string) =>
      api(`${products}/${productId}/preview`, productPreviewLinkSchema, { method: 'POST' }),
    [],
  );

/**
 * A bulk action on the chosen products (issue 34.3): everything under the products' key loads
 * again, since an open editor's product has a new version.
 */
export const useBulkProducts = () =>
  useApiMutation(
    (body: ProductBulkRequest) =>
      api(`${products}/bulk`, productBulkResultSchema, { method: 'POST', body }),
    [productsKey],
  );
