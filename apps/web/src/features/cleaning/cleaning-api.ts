import type { CleaningPhoto, CleaningServiceTile, EnquiryForm } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { api, clientQuery } from '../../lib/api.js';

export const cleaningApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/cleaning/gallery`; an answer of another shape counts as a failure. */
    cleaningGallery: build.query<CleaningPhoto[], undefined>({
      queryFn: clientQuery((_none, signal) =>
        apiRequest('/api/cleaning/gallery', (wire) => wire.cleaningGalleryResponseSchema, {
          signal,
        }),
      ),
    }),
    /** `GET /api/cleaning/services` (issue 14): the tiles staff keep in the back office. */
    cleaningServices: build.query<CleaningServiceTile[], undefined>({
      queryFn: clientQuery((_none, signal) =>
        apiRequest('/api/cleaning/services', (wire) => wire.cleaningServicesResponseSchema, {
          signal,
        }),
      ),
    }),
  }),
});

export const { useCleaningGalleryQuery, useCleaningServicesQuery } = cleaningApi;

/**
 * Sends the enquiry and tells whether it was placed. Only status 201 is a success (ENQ-02); any
 * other status, another 2xx included, or a network failure is not (ENQ-03).
 */
export function sendEnquiry(form: EnquiryForm, signal: AbortSignal): Promise<boolean> {
  return apiRequest('/api/notification/addenquiry', (wire) => wire.messageResponseSchema, {
    method: 'POST',
    body: form,
    signal,
    acceptStatus: 201,
  }).then(
    () => true,
    () => false,
  );
}
