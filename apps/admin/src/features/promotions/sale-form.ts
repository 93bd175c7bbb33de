import {
  MAX_PRICE_SALE_PRODUCTS,
  PRICE_SALE_START_GRACE_MS,
  priceSaleAdminMessages as messages,
  priceSaleNameSchema,
  type CreatePriceSaleRequest,
  type PriceSaleStatus,
} from '@shop/shared';
import { z } from 'zod';
import { fromShopTimeInput } from '../../lib/shop-time-input.js';

/**
 * The new-sale dialog's fields as typed: the percent as text, the times as datetime-local values
 * in Norway time (empty: now, and no end). The names are the request's, so the server's
 * refusals land beside the right field.
 */
export interface SaleFormValues {
  name: string;
  discountPercent: string;
  target: 'category' | 'products';
  categoryId: string;
  productIds: string[];
  startsAt: string;
  endsAt: string;
}

export const emptySaleForm: SaleFormValues = {
  name: '',
  discountPercent: '',
  target: 'category',
  categoryId: '',
  productIds: [],
  startsAt: '',
  endsAt: '',
};

/**
 * The dialog's check in the browser with the server's words, at the browser's clock; the server
 * checks it all again at the shop's.
 */
export const saleFormSchema = (now: () => Date) =>
  z
    .object({
      name: priceSaleNameSchema,
      discountPercent: z.string(),
      target: z.enum(['category', 'products']),
      categoryId: z.string(),
      productIds: z.array(z.string()),
      startsAt: z.string(),
      endsAt: z.string(),
    })
    .superRefine((values, context) => {
      const issue = (path: keyof SaleFormValues, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      const percent = values.discountPercent.trim();
      if (!/^\d{1,3}$/.test(percent) || Number(percent) > 100)
        issue('discountPercent', messages.percent);
      if (values.target === 'category' && values.categoryId === '')
        issue('categoryId', messages.targetRequired);
      if (values.target === 'products' && values.productIds.length === 0)
        issue('productIds', messages.targetRequired);
      if (values.target === 'products' && values.productIds.length > MAX_PRICE_SALE_PRODUCTS)
        issue('productIds', messages.tooManyProducts);
      const startsAt = fromShopTimeInput(values.startsAt);
      const endsAt = fromShopTimeInput(values.endsAt);
      const start = startsAt === null ? null : Date.parse(startsAt);
      const end = endsAt === null ? null : Date.parse(endsAt);
      const at = now().getTime();
      if (start !== null && Number.isNaN(start)) issue('startsAt', messages.dateFormat);
      else if (start !== null && start < at - PRICE_SALE_START_GRACE_MS)
        issue('startsAt', messages.startInPast);
      if (end !== null && Number.isNaN(end)) issue('endsAt', messages.dateFormat);
      else if (end !== null && end <= at) issue('endsAt', messages.endInPast);
      else if (end !== null && start !== null && end <= start)
        issue('endsAt', messages.scheduleOrder);
    });

/** The request for checked fields: only the chosen kind of target is sent. */
export function saleRequest(values: SaleFormValues): CreatePriceSaleRequest {
  return {
    name: values.name.trim(),
    discountPercent: Number(values.discountPercent.trim()),
    categoryId: values.target === 'category' ? values.categoryId : null,
    productIds: values.target === 'products' ? values.productIds : [],
    startsAt: fromShopTimeInput(values.startsAt),
    endsAt: fromShopTimeInput(values.endsAt),
  };
}

export const saleStatusColours: Record<PriceSaleStatus, string> = {
  scheduled: 'info',
  active: 'success',
  ended: 'dark',
  cancelled: 'secondary',
};
