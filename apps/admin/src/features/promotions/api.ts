import {
  adminCouponDetailSchema,
  adminCouponListSchema,
  adminCouponSchema,
  adminPriceSaleDetailSchema,
  adminPriceSaleListSchema,
  adminPriceSaleSchema,
  type CreateCouponRequest,
  type CreatePriceSaleRequest,
  type UpdateCouponRequest,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';
import { queryString, type QueryValues } from '../../lib/query-string.js';

const coupons = '/api/admin/coupons';
const sales = '/api/admin/price-sales';

/** A change to a coupon reloads it and the lists; the same for sales. */
const couponsKey = ['coupons'] as const;
const couponListKey = [...couponsKey, 'list'] as const;
const salesKey = ['price-sales'] as const;

export const useCoupons = (filters: QueryValues) =>
  useQuery(
    apiQuery(
      [...couponListKey, filters],
      `${coupons}${queryString(filters)}`,
      adminCouponListSchema,
    ),
  );

/** One coupon with its uses and the orders that used it. */
export const useCoupon = (id: string) =>
  useQuery(apiQuery([...couponsKey, id], `${coupons}/${id}`, adminCouponDetailSchema));

export const useCreateCoupon = () =>
  useApiMutation(
    (body: CreateCouponRequest) => api(coupons, adminCouponSchema, { method: 'POST', body }),
    [couponsKey],
  );

export const useUpdateCoupon = () =>
  useApiMutation(
    ({ couponId, body }: { couponId: string; body: UpdateCouponRequest }) =>
      api(`${coupons}/${couponId}`, adminCouponSchema, { method: 'PUT', body }),
    [couponsKey],
  );

/** Switches a coupon on or off; a refusal reloads too, since the coupon likely changed. */
export const useSetCouponActive = () =>
  useApiMutation(
    ({ couponId, active }: { couponId: string; active: boolean }) =>
      api(`${coupons}/${couponId}/active`, adminCouponSchema, { method: 'PUT', body: { active } }),
    [couponsKey],
    { alsoWhenRefused: true },
  );

/** Deletes a coupon no order used; its page is left, so only the lists load again. */
export const useDeleteCoupon = () =>
  useApiMutation(
    (couponId: string) => api(`${coupons}/${couponId}`, z.unknown(), { method: 'DELETE' }),
    [couponListKey],
  );

export const useSales = (filters: QueryValues) =>
  useQuery(
    apiQuery(
      [...salesKey, 'list', filters],
      `${sales}${queryString(filters)}`,
      adminPriceSaleListSchema,
    ),
  );

/** One sale with the items it covers. */
export const useSale = (id: string) =>
  useQuery(apiQuery([...salesKey, id], `${sales}/${id}`, adminPriceSaleDetailSchema));

export const useCreateSale = () =>
  useApiMutation(
    (body: CreatePriceSaleRequest) => api(sales, adminPriceSaleSchema, { method: 'POST', body }),
    [salesKey],
  );

/** Ends an active sale or cancels a scheduled one; a refusal reloads too (it may have ended). */
export const useEndSale = () =>
  useApiMutation(
    (saleId: string) => api(`${sales}/${saleId}/end`, adminPriceSaleSchema, { method: 'POST' }),
    [salesKey],
    { alsoWhenRefused: true },
  );
