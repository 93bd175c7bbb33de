import { z } from 'zod';
import { text } from './common.js';
import { shopDetailsSettingSchema } from './shop-details.js';

/**
 * The shop's own settings, the owner's to change in the back office. Each setting is one key
 * with its schema and its default; the server stores each key's value as JSON and checks it
 * against the schema on the way in and out, so adding a setting is adding a key here.
 */

export const settingsMessages = {
  lowStockThreshold: 'The low-stock threshold must be a whole number from 0 to 1,000,000.',
  paymentCapture: 'Choose when payments are captured: when the goods ship, or at the order.',
  cleaningEnquiryEmail: 'The e-mail address is not valid',
  orderMailRecipients: 'Each recipient must be a valid e-mail address, at most 10 of them.',
  lowStockMail: 'Choose whether the daily low-stock mail is sent.',
  productFeeds: 'Choose which product feeds are published.',
} as const;

const MAX_LOW_STOCK_THRESHOLD = 1_000_000;

/** Stock at or below this is low, for every item without a threshold of its own. */
export const lowStockThresholdSchema = z
  .number({ error: settingsMessages.lowStockThreshold })
  .int({ error: settingsMessages.lowStockThreshold })
  .min(0, { error: settingsMessages.lowStockThreshold })
  .max(MAX_LOW_STOCK_THRESHOLD, { error: settingsMessages.lowStockThreshold });

/**
 * Where the cleaning page's enquiries are mailed (issue 14); '' while staff have set none, and
 * then they go to the shop's own e-mail of its details.
 */
export const cleaningEnquiryEmailSchema = text({
  error: settingsMessages.cleaningEnquiryEmail,
}).refine((email) => email === '' || (email.length <= 254 && z.email().safeParse(email).success), {
  error: settingsMessages.cleaningEnquiryEmail,
});

/**
 * When a payment's reservation is captured (issue 32.3): `shipped`, as the providers' terms and
 * Norwegian practice for goods ask, when the back office marks the order shipped or picked up;
 * `ordered`, right after the order, for a shop that sends everything at once.
 */
export const paymentCaptureMoments = ['shipped', 'ordered'] as const;
export type PaymentCaptureMoment = (typeof paymentCaptureMoments)[number];
export const paymentCaptureSchema = z.enum(paymentCaptureMoments, {
  error: settingsMessages.paymentCapture,
});

const MAX_ORDER_MAIL_RECIPIENTS = 10;

/**
 * Who is mailed each new order and the daily low-stock list (issue 34): none set means the
 * shop's own e-mail of its details, so a new shop hears of its orders.
 */
export const orderMailRecipientsSchema = z
  .array(z.email({ error: settingsMessages.orderMailRecipients }).max(254), {
    error: settingsMessages.orderMailRecipients,
  })
  .max(MAX_ORDER_MAIL_RECIPIENTS, { error: settingsMessages.orderMailRecipients });

/** Whether the daily mail of items at or below their low-stock threshold is sent (issue 34.2). */
export const lowStockMailSchema = z.boolean({ error: settingsMessages.lowStockMail });

/**
 * The day in Norway (2026-03-31) whose low-stock round is done (issue 34.2): the job's own
 * record, never the owner's, so the list goes out at most once a day however many processes run
 * and restart. Empty until the first round.
 */
export const lowStockMailDaySchema = z.union([z.literal(''), z.iso.date()]);

/**
 * Which product feeds are published at their addresses (issue 34.6): Google Merchant Center's
 * and Prisjakt's (PriceRunner reads the same). Off until the owner turns them on.
 */
export const productFeedsSchema = z.object(
  {
    googleMerchant: z.boolean({ error: settingsMessages.productFeeds }),
    prisjakt: z.boolean({ error: settingsMessages.productFeeds }),
  },
  { error: settingsMessages.productFeeds },
);

export const shopSettingSchemas = {
  lowStockThreshold: lowStockThresholdSchema,
  paymentCapture: paymentCaptureSchema,
  shopDetails: shopDetailsSettingSchema,
  cleaningEnquiryEmail: cleaningEnquiryEmailSchema,
  orderMailRecipients: orderMailRecipientsSchema,
  lowStockMail: lowStockMailSchema,
  lowStockMailDay: lowStockMailDaySchema,
  productFeeds: productFeedsSchema,
} as const;

export type ShopSettingKey = keyof typeof shopSettingSchemas;
export type ShopSettings = { [Key in ShopSettingKey]: z.infer<(typeof shopSettingSchemas)[Key]> };

/**
 * What a setting is while the owner has not set it: a fresh install's demo shop. The owner
 * replaces the shop's details in the back office (Shop → Shop details).
 */
export const shopSettingDefaults: ShopSettings = {
  lowStockThreshold: 5,
  paymentCapture: 'shipped',
  shopDetails: {
    name: 'Nordic Trading',
    organisationNumber: '923456789',
    vatRegistered: true,
    phone: '+47 22 12 34 56',
    email: 'post@nordictrading.no',
    street: 'Storgata 12',
    postalCode: '0155',
    city: 'Oslo',
    country: 'Norway',
    openingHours: ['Mandag–fredag 10.00–18.00', 'Lørdag 10.00–16.00', 'Søndag stengt'],
    openingHoursEn: ['Monday–Friday 10:00–18:00', 'Saturday 10:00–16:00', 'Sunday closed'],
    about:
      'Et lite norsk handelsfirma med etniske og vestlige klær, håndlaget kunsthåndverk, helse- ' +
      'og skjønnhetsprodukter, urteprodukter, honning, kaffe og te, hampprodukter, profesjonelle ' +
      'renholdstjenester og import/eksport.',
    aboutEn:
      'A small Norwegian trading company offering ethnic and western garments, handmade ' +
      'handicrafts, health and beauty goods, herbal goods, honey, coffee and tea, hemp products, ' +
      'professional cleaning services and import/export.',
    facebookUrl: 'https://www.facebook.com/nordictrading.no',
    instagramUrl: 'https://www.instagram.com/nordictrading.no',
    youtubeUrl: 'https://www.youtube.com/@nordictrading',
    appStoreUrl: 'https://apps.apple.com/no/app/nordic-trading/id6444123456',
    googlePlayUrl: 'https://play.google.com/store/apps/details?id=no.nordictrading.shop',
    chatUrl: 'https://wa.me/4722123456',
    paymentMethods: ['visa', 'mastercard', 'vipps', 'bankaxept', 'klarna'],
  },
  cleaningEnquiryEmail: '',
  orderMailRecipients: [],
  lowStockMail: true,
  lowStockMailDay: '',
  productFeeds: { googleMerchant: false, prisjakt: false },
};

/** `GET`/`PUT /api/admin/settings/inventory`: the stock settings. */
export const inventorySettingsSchema = z.object({ lowStockThreshold: lowStockThresholdSchema });
export type InventorySettings = z.infer<typeof inventorySettingsSchema>;

/** `GET`/`PUT /api/admin/settings/payments`: when payments are captured (issue 32.3). */
export const paymentSettingsSchema = z.object({ paymentCapture: paymentCaptureSchema });
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** `GET`/`PUT /api/admin/settings/notifications`: who hears of orders and low stock (issue 34). */
export const notificationSettingsSchema = z.object({
  orderMailRecipients: orderMailRecipientsSchema,
  lowStockMail: lowStockMailSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `GET`/`PUT /api/admin/settings/feeds`: which product feeds are published (issue 34.6). */
export const feedSettingsSchema = z.object({ productFeeds: productFeedsSchema });
export type FeedSettings = z.infer<typeof feedSettingsSchema>;
