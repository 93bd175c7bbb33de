import {
  adminBestSellersSchema,
  adminCampaignSchema,
  adminCampaignsSchema,
  adminCleaningPhotoSchema,
  adminCleaningPhotosSchema,
  adminCleaningServiceSchema,
  adminCleaningServicesSchema,
  adminSlideSchema,
  adminSlidesSchema,
  adminStaticPageSchema,
  adminStaticPagesSchema,
  cleaningEnquiryAddressSchema,
  type CampaignRequest,
  type SlideRequest,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';
import type { ServiceForm } from './cleaning-form.js';
import type { ContentKind } from './content-form.js';

// The storefront's content: slides and campaigns, best sellers, the text pages and the cleaning
// page. A button on a list (reorder, hide, delete) reloads the list even when refused, since a
// refusal most likely means someone changed it meanwhile.

const slides = '/api/admin/slides';
const campaigns = '/api/admin/campaigns';
const bestSellers = '/api/admin/best-sellers';
const pages = '/api/admin/pages';
const cleaning = '/api/admin/cleaning';
const services = `${cleaning}/services`;
const photos = `${cleaning}/photos`;
const enquiryAddress = `${cleaning}/enquiry-address`;

const pathOf = (kind: ContentKind) => (kind === 'slide' ? slides : campaigns);
const keyOf = (kind: ContentKind) => [kind === 'slide' ? 'slides' : 'campaigns'] as const;
const bestSellersKey = ['best-sellers'] as const;
const pagesKey = ['pages'] as const;
const servicesKey = ['cleaning', 'services'] as const;
const photosKey = ['cleaning', 'photos'] as const;
const enquiryAddressKey = ['cleaning', 'enquiry-address'] as const;
const refusedToo = { alsoWhenRefused: true };

export const useSlides = () => useQuery(apiQuery(keyOf('slide'), slides, adminSlidesSchema));

export const useCampaigns = () =>
  useQuery(apiQuery(keyOf('campaign'), campaigns, adminCampaignsSchema));

export const useReorderContent = (kind: ContentKind) =>
  useApiMutation(
    (ids: string[]) => api(`${pathOf(kind)}/order`, z.unknown(), { method: 'PUT', body: { ids } }),
    [keyOf(kind)],
    refusedToo,
  );

export const useSetContentHidden = (kind: ContentKind) =>
  useApiMutation(
    ({ id, hidden }: { id: string; hidden: boolean }) =>
      api(`${pathOf(kind)}/${id}`, z.unknown(), { method: 'PATCH', body: { hidden } }),
    [keyOf(kind)],
    refusedToo,
  );

export const useDeleteContent = (kind: ContentKind) =>
  useApiMutation(
    (id: string) => api(`${pathOf(kind)}/${id}`, z.unknown(), { method: 'DELETE' }),
    [keyOf(kind)],
    refusedToo,
  );

/** Creates a slide or campaign, or saves the one with `id`. */
export const useSaveContent = (kind: ContentKind) =>
  useApiMutation(
    async ({ id, body }: { id: string | undefined; body: SlideRequest | CampaignRequest }) => {
      const request = { method: id ? ('PUT' as const) : ('POST' as const), body };
      const url = id ? `${pathOf(kind)}/${id}` : pathOf(kind);
      if (kind === 'slide') await api(url, adminSlideSchema, request);
      else await api(url, adminCampaignSchema, request);
    },
    [keyOf(kind)],
  );

/** The pinned products and what the home page shows now. */
export const useBestSellers = () =>
  useQuery(apiQuery(bestSellersKey, bestSellers, adminBestSellersSchema));

export const useSavePins = () =>
  useApiMutation(
    (productIds: string[]) =>
      api(bestSellers, adminBestSellersSchema, { method: 'PUT', body: { productIds } }),
    [bestSellersKey],
  );

export const usePages = () =>
  useQuery(apiQuery([...pagesKey, 'list'], pages, adminStaticPagesSchema));

const pagePath = (slug: string) => `${pages}/${encodeURIComponent(slug)}`;

export const usePage = (slug: string) =>
  useQuery(apiQuery([...pagesKey, slug], pagePath(slug), adminStaticPageSchema));

export const useSavePage = (slug: string) =>
  useApiMutation(
    (body: { title: string; html: string; updatedAt: string | null }) =>
      api(pagePath(slug), adminStaticPageSchema, { method: 'PUT', body }),
    [pagesKey],
  );

/** Drops the page's own text: the shop shows the default again. */
export const useRestorePage = (slug: string) =>
  useApiMutation(
    () => api(pagePath(slug), adminStaticPageSchema, { method: 'DELETE' }),
    [pagesKey],
  );

export const useCleaningServices = () =>
  useQuery(apiQuery(servicesKey, services, adminCleaningServicesSchema));

export const useReorderServices = () =>
  useApiMutation(
    (ids: string[]) => api(`${services}/order`, z.unknown(), { method: 'PUT', body: { ids } }),
    [servicesKey],
    refusedToo,
  );

export const useSetServiceHidden = () =>
  useApiMutation(
    ({ id, hidden }: { id: string; hidden: boolean }) =>
      api(`${services}/${id}`, z.unknown(), { method: 'PATCH', body: { hidden } }),
    [servicesKey],
    refusedToo,
  );

export const useDeleteService = () =>
  useApiMutation(
    (id: string) => api(`${services}/${id}`, z.unknown(), { method: 'DELETE' }),
    [servicesKey],
    refusedToo,
  );

/** Adds a tile, or saves the one with `id` (with the `updatedAt` it was opened with). */
export const useSaveService = () =>
  useApiMutation(
    ({ id, body }: { id: string | undefined; body: ServiceForm & { updatedAt?: string } }) =>
      api(id ? `${services}/${id}` : services, adminCleaningServiceSchema, {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    [servicesKey],
  );

export const useCleaningPhotos = () =>
  useQuery(apiQuery(photosKey, photos, adminCleaningPhotosSchema));

export const useReorderPhotos = () =>
  useApiMutation(
    (ids: string[]) => api(`${photos}/order`, z.unknown(), { method: 'PUT', body: { ids } }),
    [photosKey],
    refusedToo,
  );

export const useDeletePhoto = () =>
  useApiMutation(
    (id: string) => api(`${photos}/${id}`, z.unknown(), { method: 'DELETE' }),
    [photosKey],
    refusedToo,
  );

/** Adds a photo (its upload's path and alt text), or saves the alt text of the one with `id`. */
export const useSavePhoto = () =>
  useApiMutation(
    ({
      id,
      body,
    }: {
      id: string | undefined;
      body:
        | { image: string; alt: string; altEn: string }
        | { alt: string; altEn: string; updatedAt: string };
    }) =>
      api(id ? `${photos}/${id}` : photos, adminCleaningPhotoSchema, {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    [photosKey],
  );

/** Where the cleaning page's enquiries are mailed; empty means the shop's own e-mail. */
export const useEnquiryAddress = () =>
  useQuery(apiQuery(enquiryAddressKey, enquiryAddress, cleaningEnquiryAddressSchema));

export const useSaveEnquiryAddress = () =>
  useApiMutation(
    (body: { email: string; savedAt: string | null }) =>
      api(enquiryAddress, cleaningEnquiryAddressSchema, { method: 'PUT', body }),
    [enquiryAddressKey],
  );
