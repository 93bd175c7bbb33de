import { z } from 'zod';
import { formatOrganisationNumber, shopDetailsSchema, type ShopDetails } from '@shop/shared';

/**
 * The shop-details form: the wire schema, with the organisation number typed as it is printed
 * (923 456 789) and the opening hours as lines of one text area.
 */
export const shopDetailsForm = shopDetailsSchema.extend({
  organisationNumber: z
    .string()
    .transform((digits) => digits.replace(/\s+/g, ''))
    .pipe(shopDetailsSchema.shape.organisationNumber),
  openingHours: z
    .string()
    .transform((lines) =>
      lines
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(shopDetailsSchema.shape.openingHours),
  // Unticked checkboxes of a group give false, not an empty list.
  paymentMethods: z
    .union([z.array(z.string()), z.literal(false)])
    .transform((methods) => (methods === false ? [] : methods))
    .pipe(shopDetailsSchema.shape.paymentMethods),
});
export type ShopDetailsFormInput = z.input<typeof shopDetailsForm>;
export type ShopDetailsFormOutput = z.output<typeof shopDetailsForm>;

/** The form's starting values; whatever else `details` holds is dropped by the schema. */
export function formFromDetails(details: ShopDetails): ShopDetailsFormInput {
  return {
    ...details,
    organisationNumber: formatOrganisationNumber(details.organisationNumber),
    openingHours: details.openingHours.join('\n'),
    paymentMethods: [...details.paymentMethods],
  };
}
