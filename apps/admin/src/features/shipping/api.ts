import {
  adminPostalCodeSchema,
  adminShippingZoneSchema,
  adminShippingZonesSchema,
  postalRegisterSummarySchema,
  postalRegisterUploadResultSchema,
  type CreateShippingZoneRequest,
  type ShippingBandRequest,
  type UpdateShippingBandRequest,
  type UpdateShippingZoneRequest,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';

const zones = '/api/admin/shipping/zones';
const bands = '/api/admin/shipping/bands';
const postalCodes = '/api/admin/postal-codes';

/** The zones with their countries and bands: every zone or band change reloads them. */
const zonesKey = ['shipping', 'zones'] as const;
const postalKey = ['postal-codes'] as const;

export const useZones = () => useQuery(apiQuery(zonesKey, zones, adminShippingZonesSchema));

export const useCreateZone = () =>
  useApiMutation(
    (body: CreateShippingZoneRequest) =>
      api(zones, adminShippingZoneSchema, { method: 'POST', body }),
    [zonesKey],
  );

export const useUpdateZone = () =>
  useApiMutation(
    ({ zoneId, body }: { zoneId: string; body: UpdateShippingZoneRequest }) =>
      api(`${zones}/${zoneId}`, adminShippingZoneSchema, { method: 'PATCH', body }),
    [zonesKey],
  );

export const useDeleteZone = () =>
  useApiMutation(
    (zoneId: string) => api(`${zones}/${zoneId}`, z.unknown(), { method: 'DELETE' }),
    [zonesKey],
    { alsoWhenRefused: true },
  );

export const useAddBand = () =>
  useApiMutation(
    ({ zoneId, body }: { zoneId: string; body: ShippingBandRequest }) =>
      api(`${zones}/${zoneId}/bands`, adminShippingZoneSchema, { method: 'POST', body }),
    [zonesKey],
  );

export const useUpdateBand = () =>
  useApiMutation(
    ({ bandId, body }: { bandId: string; body: UpdateShippingBandRequest }) =>
      api(`${bands}/${bandId}`, adminShippingZoneSchema, { method: 'PATCH', body }),
    [zonesKey],
  );

export const useDeleteBand = () =>
  useApiMutation(
    (bandId: string) => api(`${bands}/${bandId}`, z.unknown(), { method: 'DELETE' }),
    [zonesKey],
    { alsoWhenRefused: true },
  );

/** How many postal codes the shop holds, and when Posten's register was loaded. */
export const usePostalRegister = () =>
  useQuery(apiQuery(postalKey, postalCodes, postalRegisterSummarySchema));

/** Replaces the register with Posten's file. */
export const useUploadPostalRegister = () =>
  useApiMutation(
    (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api(postalCodes, postalRegisterUploadResultSchema, { method: 'PUT', body });
    },
    [postalKey],
  );

/** One code as the register has it; asked on request, so never kept. */
export const lookUpPostalCode = (code: string) =>
  api(`${postalCodes}/${code}`, adminPostalCodeSchema);
