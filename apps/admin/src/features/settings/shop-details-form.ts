import { z } from 'zod';
import {
  formatOrganisationNumber,
  shopDetailsSettingSchema,
  type ShopDetailsSetting,
} from '@shop/shared';

/** Opening hours as lines of one text area: each non-empty line one entry. */
const hoursLines = <Schema extends z.ZodType<string[], string[]>>(schema: Schema) =>
  z
    .string()
    .transform((lines) =>
      lines
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(schema);

/**
 * The shop-details form: the wire schema, with the organisation number typed as it is printed
 * (923 456 789) and the opening hours, in bokmål and English, as lines of one text area each.
 */
export const shopDetailsForm = shopDetailsSettingSchema.extend({
  organisationNumber: z
    .string()
    .transform((digits) => digits.replace(/\s+/g, ''))
    .pipe(shopDetailsSettingSchema.shape.organisationNumber),
  openingHours: hoursLines(shopDetailsSettingSchema.shape.openingHours),
  openingHoursEn: hoursLines(shopDetailsSettingSchema.shape.openingHoursEn),
  // Unticked checkboxes of a group give false, not an empty list.
  paymentMethods: z
    .union([z.array(z.string()), z.literal(false)])
    .transform((methods) => (methods === false ? [] : methods))
    .pipe(shopDetailsSettingSchema.shape.paymentMethods),
});
export type ShopDetailsFormInput = z.input<typeof shopDetailsForm>;
export type ShopDetailsFormOutput = z.output<typeof shopDetailsForm>;

/** The form's starting values; whatever else `details` holds is dropped by the schema. */
export function formFromDetails(details: ShopDetailsSetting): ShopDetailsFormInput {
  return {
    ...details,
    organisationNumber: formatOrganisationNumber(details.organisationNumber),
    openingHours: details.openingHours.join('\n'),
    openingHoursEn: details.openingHoursEn.join('\n'),
    paymentMethods: [...details.paymentMethods],
  };
}
