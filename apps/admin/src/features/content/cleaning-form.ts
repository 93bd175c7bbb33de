import {
  type AdminCleaningService,
  cleaningEnquiryAddressUpdateSchema,
  cleaningPhotoCreateSchema,
  cleaningServiceCreateSchema,
  type CleaningServiceIcon,
} from '@shop/shared';
import { z } from 'zod';

/**
 * The cleaning page's forms, checked in the browser with the server's own schemas, so a
 * refusal reads the same before and after sending.
 */

/** A tile's dialog: its words and icon (hiding is the list's own switch). */
export const serviceFormSchema = cleaningServiceCreateSchema
  .pick({ name: true, description: true, icon: true })
  .extend({
    nameEn: cleaningServiceCreateSchema.shape.nameEn.unwrap(),
    descriptionEn: cleaningServiceCreateSchema.shape.descriptionEn.unwrap(),
  });

/** Bokmål and, beside it, English ('' where English pages show the bokmål). */
export interface ServiceForm {
  name: string;
  description: string;
  nameEn: string;
  descriptionEn: string;
  icon: CleaningServiceIcon;
}

export function serviceFormOf(service: AdminCleaningService | undefined): ServiceForm {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    nameEn: service?.nameEn ?? '',
    descriptionEn: service?.descriptionEn ?? '',
    icon: service?.icon ?? 'sparkle',
  };
}

/** A new photo: the uploaded picture and what it shows, in bokmål and English. */
export const photoFormSchema = cleaningPhotoCreateSchema.extend({
  altEn: cleaningPhotoCreateSchema.shape.altEn.unwrap(),
});
/** An added photo keeps its picture; only its alt text is edited. */
export const photoAltFormSchema = z.object({
  image: z.string(),
  alt: cleaningPhotoCreateSchema.shape.alt,
  altEn: cleaningPhotoCreateSchema.shape.altEn.unwrap(),
});

/** The enquiry address: an address, or empty for the shop's own e-mail. */
export const enquiryAddressFormSchema = cleaningEnquiryAddressUpdateSchema.pick({ email: true });
