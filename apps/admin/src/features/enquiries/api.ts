import {
  adminEnquiryDetailSchema,
  adminEnquiryPageSchema,
  type EnquiryHandledRequest,
  type EnquiryReplyRequest,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';
import { queryString, type QueryValues } from '../../lib/query-string.js';

const enquiries = '/api/admin/enquiries';
const enquiryPath = (id: string) => `${enquiries}/${encodeURIComponent(id)}`;

/** A reply or a change of state reloads the enquiry and the inbox. */
const enquiriesKey = ['enquiries'] as const;

export const useEnquiries = (filters: QueryValues) =>
  useQuery(
    apiQuery(
      [...enquiriesKey, 'list', filters],
      `${enquiries}${queryString(filters)}`,
      adminEnquiryPageSchema,
    ),
  );

export const useEnquiry = (id: string) =>
  useQuery(apiQuery([...enquiriesKey, id], enquiryPath(id), adminEnquiryDetailSchema));

export const useReplyToEnquiry = (id: string) =>
  useApiMutation(
    (body: EnquiryReplyRequest) =>
      api(`${enquiryPath(id)}/replies`, adminEnquiryDetailSchema, { method: 'POST', body }),
    [enquiriesKey],
  );

export const useMarkHandled = (id: string) =>
  useApiMutation(
    (body: EnquiryHandledRequest) =>
      api(`${enquiryPath(id)}/handled`, adminEnquiryDetailSchema, { method: 'POST', body }),
    [enquiriesKey],
  );
