import { z } from 'zod';
import { text } from './common.js';

/** The most rows one page of a back-office list answers. */
export const ADMIN_PAGE_SIZE_MAX = 100;

const pageNumber = (name: string, fallback: number, max?: number) => {
  const range = max ? `${name} must be between 1 and ${max}` : `${name} must be 1 or more`;
  let schema = z.coerce
    .number({ error: range })
    .int({ error: `${name} must be a whole number` })
    .min(1, { error: range });
  if (max) schema = schema.max(max, { error: range });
  return schema.default(fallback);
};

/** `page` and `pageSize` of a back-office list's query. */
export const adminPagingShape = {
  page: pageNumber('page', 1),
  pageSize: pageNumber('pageSize', 25, ADMIN_PAGE_SIZE_MAX),
};

/** A search box's words, trimmed; wildcards in them are plain characters to the server. */
export const adminSearchText = (describe: string) =>
  text({ error: 'q must be text' })
    .max(200, { error: 'q must be at most 200 characters' })
    .default('')
    .transform((q) => q.trim())
    .describe(describe);

/** A yes/no filter of a query string. */
export const adminFlagFilter = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true')
    .optional();

export const adminPageFields = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};
