import { z } from 'zod';
import { adminPageFields, adminPagingShape, adminSearchText } from './admin-paging.js';
import { answerText, freeText, idSchema } from './common.js';

export const enquiryStatuses = ['new', 'handled'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const MAX_ENQUIRY_NOTE_LENGTH = 1000;
export const MAX_ENQUIRY_REPLY_LENGTH = 5000;

export const adminEnquiryMessages = {
  notFound: 'Enquiry not found',
  status: 'status must be new or handled',
  handled: 'handled must be true or false',
  noteTooLong: `The note must be at most ${MAX_ENQUIRY_NOTE_LENGTH} characters`,
  replyRequired: 'Write the reply',
  replyTooLong: `A reply must be at most ${MAX_ENQUIRY_REPLY_LENGTH} characters`,
} as const;

/** `GET /api/admin/enquiries`: newest first. */
export const adminEnquiryListQuerySchema = z.object({
  status: z.enum(enquiryStatuses, { error: adminEnquiryMessages.status }).optional(),
  q: adminSearchText('Part of the name or the e-mail address.'),
  ...adminPagingShape,
});
export type AdminEnquiryListQuery = z.input<typeof adminEnquiryListQuerySchema>;

export const adminEnquirySchema = z.object({
  id: idSchema,
  fullname: answerText(),
  email: answerText(),
  phone: answerText(),
  message: answerText(),
  status: z.enum(enquiryStatuses),
  createdAt: answerText(),
  handledAt: answerText().nullable(),
  handledNote: answerText(),
  handledByEmail: answerText().nullable(),
  replyCount: z.number().int(),
});
export type AdminEnquiry = z.infer<typeof adminEnquirySchema>;

export const adminEnquiryPageSchema = z.object({
  enquiries: z.array(adminEnquirySchema),
  ...adminPageFields,
});
export type AdminEnquiryPage = z.infer<typeof adminEnquiryPageSchema>;

export const enquiryReplySchema = z.object({
  id: idSchema,
  body: answerText(),
  sentByEmail: answerText(),
  createdAt: answerText(),
});
export type EnquiryReply = z.infer<typeof enquiryReplySchema>;

/** One enquiry with the replies sent to it, oldest first. */
export const adminEnquiryDetailSchema = adminEnquirySchema.extend({
  replies: z.array(enquiryReplySchema),
});
export type AdminEnquiryDetail = z.infer<typeof adminEnquiryDetailSchema>;

/**
 * `POST /api/admin/enquiries/{id}/handled`: `handled: true` (the default) marks it handled with
 * the note; `handled: false` opens it again (new), clearing who handled it and the note.
 */
export const enquiryHandledRequestSchema = z.object({
  handled: z.boolean({ error: adminEnquiryMessages.handled }).default(true),
  note: freeText({ error: adminEnquiryMessages.noteTooLong })
    .trim()
    .max(MAX_ENQUIRY_NOTE_LENGTH, { error: adminEnquiryMessages.noteTooLong })
    .default(''),
});
export type EnquiryHandledRequest = z.input<typeof enquiryHandledRequestSchema>;

/** `POST /api/admin/enquiries/{id}/replies`: plain text, mailed to the enquirer. */
export const enquiryReplyRequestSchema = z.object({
  body: freeText({ error: adminEnquiryMessages.replyRequired })
    .trim()
    .min(1, { error: adminEnquiryMessages.replyRequired })
    .max(MAX_ENQUIRY_REPLY_LENGTH, { error: adminEnquiryMessages.replyTooLong }),
});
export type EnquiryReplyRequest = z.input<typeof enquiryReplyRequestSchema>;
