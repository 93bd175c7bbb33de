import {
  adminCategoriesSchema,
  productLookupSchema,
  uploadResponseSchema,
  type Locale,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client.js';
import { apiQuery } from './api-query.js';
import { queryString } from './query-string.js';

/**
 * The reads that components and several features share, as the features' own `api.ts` files name
 * theirs. Their keys start with the area's, so a feature's change to it reloads these too.
 */
export const categoriesKey = ['categories'] as const;
export const productsKey = ['products'] as const;

/** Every category, in tree order. */
export const useCategories = () =>
  useQuery(apiQuery(categoriesKey, '/api/admin/categories', adminCategoriesSchema));

/** Products whose name holds `words`; asked only once two letters are typed. */
export function useProductLookup(words: string) {
  return useQuery({
    ...apiQuery(
      [...productsKey, 'lookup', words],
      `/api/admin/products/lookup${queryString({ q: words })}`,
      productLookupSchema,
    ),
    enabled: words.length >= 2,
  });
}

/**
 * Uploads a picture into `folder` (the products' when none is given) and answers its path; a
 * plain call, since the picture belongs to nothing until the form that chose it is saved.
 */
export function uploadImage(file: File, folder?: string): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  return api(`/api/admin/images${queryString({ folder })}`, uploadResponseSchema, {
    method: 'POST',
    body,
  });
}

/** Keeps the signed-in staff member's back-office language on their account (issue 31.7). */
export function saveLocale(locale: Locale): Promise<unknown> {
  return api('/api/admin/auth/me/locale', z.unknown(), { method: 'PUT', body: { locale } });
}
