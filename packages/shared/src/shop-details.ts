import { z } from 'zod';
import { answerText, text } from './common.js';
import type { Locale } from './i18n/locale.js';
import { paymentMethods } from './orders.js';
import { paymentMethodLogos } from './shop-details-format.js';

export const shopDetailsMessages = {
  organisationNumber: 'The organisation number is nine digits (923 456 789)',
  required: (name: string) => `${name} is required`,
  tooLong: (name: string, max: number) => `${name} must be at most ${max} characters`,
  link: (name: string) => `${name} must be an https:// address`,
  email: 'The e-mail address is not valid',
  paymentMethod: 'Choose accepted payment methods from the list',
} as const;

const detailText = (name: string, max: number) =>
  text({ error: shopDetailsMessages.required(name) })
    .trim()
    .min(1, { error: shopDetailsMessages.required(name) })
    .max(max, { error: shopDetailsMessages.tooLong(name, max) });

/** A link the storefront shows, or '' for none (its icon or badge is then left out). */
const optionalLink = (name: string) =>
  text({ error: shopDetailsMessages.link(name) })
    .trim()
    .max(500, { error: shopDetailsMessages.tooLong(name, 500) })
    .refine((url) => url === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(url), {
      error: shopDetailsMessages.link(name),
    });

/**
 * Who the shop is, as the storefront, receipts and mails name it, with its own words in one
 * language: the public answer (`GET /api/shop`), in the asked language. A Norwegian receipt must
 * show the seller's name, address and organisation number, with MVA after it when the shop is
 * registered for VAT. Answers carry this schema, so it has no transforms.
 */
export const shopDetailsSchema = z.object({
  name: detailText('The shop name', 100),
  /** Nine digits without spaces (the back office's form strips them). */
  organisationNumber: text({ error: shopDetailsMessages.organisationNumber }).regex(/^\d{9}$/, {
    error: shopDetailsMessages.organisationNumber,
  }),
  vatRegistered: z.boolean(),
  phone: detailText('The phone number', 30).regex(/^\+?[\d ()-]{5,}$/, {
    error: 'The phone number may hold digits, spaces, brackets, dashes and a leading +',
  }),
  email: z.email({ error: shopDetailsMessages.email }).max(254),
  street: detailText('The street address', 200),
  postalCode: detailText('The postal code', 10),
  city: detailText('The city', 100),
  country: detailText('The country', 100),
  /** One line a day or a span of days, as the shop writes them; shown for store pickup. */
  openingHours: z.array(detailText('An opening-hours line', 100)).max(14),
  /** The footer's few words about the shop. */
  about: detailText('The About text', 600),
  facebookUrl: optionalLink('The Facebook link'),
  instagramUrl: optionalLink('The Instagram link'),
  youtubeUrl: optionalLink('The YouTube link'),
  appStoreUrl: optionalLink('The App Store link'),
  googlePlayUrl: optionalLink('The Google Play link'),
  /** The floating chat button's link (WhatsApp, Messenger, ...); no button when ''. */
  chatUrl: optionalLink('The chat link'),
  paymentMethods: z
    .array(z.enum(paymentMethodLogos, { error: shopDetailsMessages.paymentMethod }))
    .max(paymentMethodLogos.length)
    .refine((methods) => new Set(methods).size === methods.length, {
      error: shopDetailsMessages.paymentMethod,
    }),
});
export type ShopDetails = z.infer<typeof shopDetailsSchema>;

/**
 * `GET /api/shop`: the details with the ways the checkout takes payment, which the shop's
 * configuration decides rather than the owner's form: the card always, Vipps MobilePay (and its
 * Express button on the product page and cart) when the server has Vipps (issue 32).
 */
export const publicShopSchema = shopDetailsSchema.extend({
  checkoutPaymentMethods: z.array(z.enum(paymentMethods)).min(1),
});
export type PublicShop = z.infer<typeof publicShopSchema>;

/**
 * The details as the owner keeps them (issue 31): `about` and `openingHours` are bokmål, the
 * shop's first language, and these their English, which an English reader gets where written
 * ('' or no lines: the bokmål again, as the catalogue's English does).
 */
export const shopDetailsSettingSchema = shopDetailsSchema.extend({
  aboutEn: text()
    .trim()
    .max(600, { error: shopDetailsMessages.tooLong('The English About text', 600) }),
  openingHoursEn: z.array(detailText('An English opening-hours line', 100)).max(14),
});
export type ShopDetailsSetting = z.infer<typeof shopDetailsSettingSchema>;

/** The details in one language: the English of the shop's own words where the owner wrote it. */
export function shopDetailsIn(details: ShopDetailsSetting, locale: Locale): ShopDetails {
  const { aboutEn, openingHoursEn, ...bokmål } = details;
  if (locale !== 'en') return bokmål;
  return {
    ...bokmål,
    about: aboutEn || bokmål.about,
    openingHours: openingHoursEn.length > 0 ? openingHoursEn : bokmål.openingHours,
  };
}

/**
 * `GET /api/admin/settings/shop`: the details in both languages with when they were last saved
 * (null while they are the defaults), which `PUT` sends back so a save never overwrites one made
 * meanwhile.
 */
export const shopDetailsEditorSchema = shopDetailsSettingSchema.extend({
  savedAt: answerText().nullable(),
});
export type ShopDetailsEditor = z.infer<typeof shopDetailsEditorSchema>;

export const shopDetailsUpdateSchema = shopDetailsSettingSchema.extend({
  savedAt: text().nullable(),
});
export type ShopDetailsUpdate = z.infer<typeof shopDetailsUpdateSchema>;

export const shopDetailsConflictMessage =
  'Someone else saved the shop details while you were editing. Reload to see their changes.';
