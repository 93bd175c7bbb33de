import {
  type AdminCampaign,
  type AdminSlide,
  campaignRequestSchema,
  type CampaignRequest,
  type ContentLinkKind,
  slideRequestSchema,
  type SlideRequest,
} from '@shop/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { fromShopTimeInput, toShopTimeInput } from '../../lib/shop-time-input.js';

/** Slides and campaign banners are edited alike; a slide has alt text, a banner a title and products. */
export type ContentKind = 'slide' | 'campaign';
export type ContentItem = AdminSlide | AdminCampaign;

/**
 * The dialog's fields, named as the request names them so the server's refusals land beside
 * them. The dates are datetime-local values in Norway time.
 */
export interface ContentForm {
  image: string;
  /** Bokmål; the English twin is '' where English pages show the bokmål (issue 31.5). */
  alt: string;
  altEn: string;
  title: string;
  titleEn: string;
  linkKind: ContentLinkKind;
  linkProductId: string;
  linkCategoryId: string;
  linkUrl: string;
  visibleFrom: string;
  visibleTo: string;
  hidden: boolean;
  productIds: string[];
}

export const isCampaign = (item: ContentItem): item is AdminCampaign => 'title' in item;

export function formOf(item: ContentItem | undefined): ContentForm {
  return {
    image: item?.image ?? '',
    alt: item && !isCampaign(item) ? item.alt : '',
    altEn: item && !isCampaign(item) ? item.altEn : '',
    title: item && isCampaign(item) ? item.title : '',
    titleEn: item && isCampaign(item) ? item.titleEn : '',
    linkKind: item?.linkKind ?? 'category',
    linkProductId: item?.linkProductId ?? '',
    linkCategoryId: item?.linkCategoryId ?? '',
    linkUrl: item?.linkUrl ?? '',
    visibleFrom: toShopTimeInput(item?.visibleFrom ?? null),
    visibleTo: toShopTimeInput(item?.visibleTo ?? null),
    hidden: item?.hidden ?? false,
    productIds: item && isCampaign(item) ? item.products.map((product) => product.id) : [],
  };
}

function common(form: ContentForm) {
  return {
    image: form.image,
    linkKind: form.linkKind,
    linkProductId: form.linkProductId || null,
    linkCategoryId: form.linkCategoryId || null,
    linkUrl: form.linkUrl,
    visibleFrom: fromShopTimeInput(form.visibleFrom),
    visibleTo: fromShopTimeInput(form.visibleTo),
    hidden: form.hidden,
  };
}

export const slideRequestOf = (form: ContentForm): SlideRequest => ({
  ...common(form),
  alt: form.alt,
  altEn: form.altEn,
});

export const campaignRequestOf = (form: ContentForm): CampaignRequest => ({
  ...common(form),
  title: form.title,
  titleEn: form.titleEn,
  productIds: form.productIds,
});

const fieldNames = new Set<string>(Object.keys(formOf(undefined)));

/**
 * Checks the form with the same schema the server uses, so the browser shows the server's own
 * words before anything is sent; each message goes beside the field the request names.
 */
export function contentResolver(kind: ContentKind): Resolver<ContentForm> {
  return async (values) => {
    const parsed =
      kind === 'slide'
        ? slideRequestSchema.safeParse(slideRequestOf(values))
        : campaignRequestSchema.safeParse(campaignRequestOf(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (fieldNames.has(field)) errors[field] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<ContentForm> };
  };
}
