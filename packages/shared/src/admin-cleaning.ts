import { z } from 'zod';
import {
  contentAdminMessages,
  contentAltSchema,
  englishTwin,
  MAX_CONTENT_ALT_LENGTH,
} from './admin-content.js';
import { cleaningEnquiryEmailSchema, settingsMessages } from './admin-settings.js';
import { cleaningServiceIconNames } from './cleaning-icons.js';
import { answerText, idSchema, imagePathSchema, text } from './common.js';

/** The cleaning page in the back office (issue 14): its service tiles, gallery and enquiry address. */

export const MAX_CLEANING_SERVICE_NAME_LENGTH = 60;
export const MAX_CLEANING_SERVICE_DESCRIPTION_LENGTH = 300;
/** The page was drawn for twelve tiles (CLEAN-03); twice that is still one screen of tiles. */
export const MAX_CLEANING_SERVICES = 24;
/** The page was drawn for six photos (CLEAN-04); two more rows of them at most. */
export const MAX_CLEANING_PHOTOS = 12;

export const cleaningAdminMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `A name must be at most ${MAX_CLEANING_SERVICE_NAME_LENGTH} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `A description must be at most ${MAX_CLEANING_SERVICE_DESCRIPTION_LENGTH} characters`,
  icon: 'Choose one of the drawn icons',
  hidden: 'hidden must be true or false',
  updatedAtRequired:
    'updatedAt is required: send the updatedAt it was loaded with, so no one’s change is overwritten',
  serviceConflict:
    'This service tile was changed by someone else while you were editing. Reload to see their changes.',
  photoConflict:
    'This photo was changed by someone else while you were editing. Reload to see their changes.',
  serviceNotFound: 'Service tile not found',
  photoNotFound: 'Photo not found',
  tooManyServices: `The page shows at most ${MAX_CLEANING_SERVICES} service tiles: delete or edit one instead`,
  tooManyPhotos: `The gallery holds at most ${MAX_CLEANING_PHOTOS} photos: delete one first`,
  imageRequired: 'Upload a photo',
  imageFormat: 'The image is the path of an uploaded image',
  imageNotUploaded:
    'This image was not uploaded for the cleaning gallery: upload it on the cleaning page',
  reorderMismatch: (what: 'service tile' | 'photo') => `ids must list every ${what} exactly once`,
  savedAtFormat: 'savedAt is the savedAt the address was loaded with, or null',
  addressConflict:
    'The enquiry address was changed by someone else meanwhile. Reload to see it, then save again.',
} as const;

const messages = cleaningAdminMessages;

const serviceFields = {
  name: text({ error: messages.nameRequired })
    .trim()
    .min(1, { error: messages.nameRequired })
    .max(MAX_CLEANING_SERVICE_NAME_LENGTH, { error: messages.nameTooLong }),
  description: text({ error: messages.descriptionRequired })
    .trim()
    .min(1, { error: messages.descriptionRequired })
    .max(MAX_CLEANING_SERVICE_DESCRIPTION_LENGTH, { error: messages.descriptionTooLong }),
  nameEn: englishTwin(MAX_CLEANING_SERVICE_NAME_LENGTH, messages.nameTooLong),
  descriptionEn: englishTwin(MAX_CLEANING_SERVICE_DESCRIPTION_LENGTH, messages.descriptionTooLong),
  icon: z.enum(cleaningServiceIconNames, { error: messages.icon }),
};

const loadedAt = z.iso.datetime({ offset: true, error: messages.updatedAtRequired });

/** `POST /api/admin/cleaning/services`: a new tile, at the end of the page. */
export const cleaningServiceCreateSchema = z.object({
  ...serviceFields,
  hidden: z.boolean({ error: messages.hidden }).default(false),
});
export type CleaningServiceCreate = z.input<typeof cleaningServiceCreateSchema>;

/** `PUT /api/admin/cleaning/services/{id}`: a tile's words and icon, with the `updatedAt` it was loaded with. */
export const cleaningServiceUpdateSchema = z.object({ ...serviceFields, updatedAt: loadedAt });
export type CleaningServiceUpdate = z.input<typeof cleaningServiceUpdateSchema>;

export const adminCleaningServiceSchema = z.object({
  id: idSchema,
  /** Bokmål. */
  name: answerText(),
  description: answerText(),
  /** English; '' where none is written, and English pages then show the bokmål. */
  nameEn: answerText(),
  descriptionEn: answerText(),
  icon: z.enum(cleaningServiceIconNames),
  hidden: z.boolean(),
  position: z.number().int(),
  /** Send it back with an edit: a tile changed since is refused with 409. */
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AdminCleaningService = z.infer<typeof adminCleaningServiceSchema>;
export const adminCleaningServicesSchema = z.object({
  services: z.array(adminCleaningServiceSchema),
});
export type AdminCleaningServices = z.infer<typeof adminCleaningServicesSchema>;

/** `POST /api/admin/cleaning/photos`: a photo `POST /api/admin/images?folder=cleaning-gallery` stored. */
export const cleaningPhotoCreateSchema = z.object({
  image: text({ error: messages.imageRequired })
    .min(1, { error: messages.imageRequired })
    .max(500, { error: messages.imageFormat })
    .regex(/^\/\S+$/, { error: messages.imageFormat }),
  alt: contentAltSchema,
  altEn: englishTwin(MAX_CONTENT_ALT_LENGTH, contentAdminMessages.altTooLong),
});
export type CleaningPhotoCreate = z.input<typeof cleaningPhotoCreateSchema>;

/** `PUT /api/admin/cleaning/photos/{id}`: its alt text, with the `updatedAt` it was loaded with. */
export const cleaningPhotoUpdateSchema = z.object({
  alt: contentAltSchema,
  altEn: englishTwin(MAX_CONTENT_ALT_LENGTH, contentAdminMessages.altTooLong),
  updatedAt: loadedAt,
});
export type CleaningPhotoUpdate = z.input<typeof cleaningPhotoUpdateSchema>;

export const adminCleaningPhotoSchema = z.object({
  id: idSchema,
  image: imagePathSchema,
  /** Bokmål. */
  alt: answerText(),
  /** English; '' where none is written. */
  altEn: answerText(),
  position: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AdminCleaningPhoto = z.infer<typeof adminCleaningPhotoSchema>;
export const adminCleaningPhotosSchema = z.object({ photos: z.array(adminCleaningPhotoSchema) });
export type AdminCleaningPhotos = z.infer<typeof adminCleaningPhotosSchema>;

/**
 * `GET /api/admin/cleaning/enquiry-address`: where the page's enquiries are mailed. `email` is
 * the address set here, '' while none is, and then they go to `shopEmail`, the shop's own
 * address of its details. `savedAt` (null while never saved) goes back with a change.
 */
export const cleaningEnquiryAddressSchema = z.object({
  email: answerText(),
  shopEmail: answerText(),
  savedAt: answerText().nullable(),
});
export type CleaningEnquiryAddress = z.infer<typeof cleaningEnquiryAddressSchema>;

/** `PUT /api/admin/cleaning/enquiry-address`: an address, or '' to follow the shop's e-mail. */
export const cleaningEnquiryAddressUpdateSchema = z.object({
  email: text({ error: settingsMessages.cleaningEnquiryEmail })
    .trim()
    .pipe(cleaningEnquiryEmailSchema),
  savedAt: text({ error: messages.savedAtFormat }).nullable(),
});
export type CleaningEnquiryAddressUpdate = z.input<typeof cleaningEnquiryAddressUpdateSchema>;
