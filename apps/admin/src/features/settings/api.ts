import {
  adminExchangeRatesSchema,
  feedSettingsSchema,
  notificationSettingsSchema,
  paymentSettingsSchema,
  shopDetailsEditorSchema,
  shopDetailsSchema,
  type FeedSettings,
  type NotificationSettings,
  type PaymentSettings,
  type ShopDetailsUpdate,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';

const shop = '/api/admin/settings/shop';
const rates = '/api/admin/exchange-rates';
const payments = '/api/admin/settings/payments';

/** The shop's details; the editor's copy and the printed documents' are under this key. */
const shopKey = ['settings', 'shop'] as const;
const ratesKey = ['exchange-rates'] as const;
const paymentsKey = ['settings', 'payments'] as const;

/** The shop's details with when they were saved, for the editor. */
export const useShopDetailsEditor = () =>
  useQuery(apiQuery(shopKey, shop, shopDetailsEditorSchema));

/** The shop's details as a receipt prints them; nothing is asked while `enabled` is false. */
export const useShopDetails = (enabled: boolean) =>
  useQuery({ ...apiQuery([...shopKey, 'details'], shop, shopDetailsSchema), enabled });

export const useSaveShopDetails = () =>
  useApiMutation(
    (body: ShopDetailsUpdate) => api(shop, shopDetailsEditorSchema, { method: 'PUT', body }),
    [shopKey],
  );

export const useExchangeRates = () => useQuery(apiQuery(ratesKey, rates, adminExchangeRatesSchema));

/** Fetches today's rates from Norges Bank. */
export const useRefreshExchangeRates = () =>
  useApiMutation(
    () => api(`${rates}/refresh`, adminExchangeRatesSchema, { method: 'POST' }),
    [ratesKey],
  );

/** When payments are captured (issue 32.3): every staff member may read it. */
export const usePaymentSettings = () =>
  useQuery(apiQuery(paymentsKey, payments, paymentSettingsSchema));

/** The owner's change of when payments are captured; the server refuses anyone else. */
export const useSavePaymentSettings = () =>
  useApiMutation(
    (body: PaymentSettings) => api(payments, paymentSettingsSchema, { method: 'PUT', body }),
    [paymentsKey],
  );

const notifications = '/api/admin/settings/notifications';
const notificationsKey = ['settings', 'notifications'] as const;

/** Who hears of new orders and low stock (issue 34): every staff member may read it. */
export const useNotificationSettings = () =>
  useQuery(apiQuery(notificationsKey, notifications, notificationSettingsSchema));

/** The owner's change of who hears of orders and low stock; the server refuses anyone else. */
export const useSaveNotificationSettings = () =>
  useApiMutation(
    (body: NotificationSettings) =>
      api(notifications, notificationSettingsSchema, { method: 'PUT', body }),
    [notificationsKey],
  );

const feeds = '/api/admin/settings/feeds';
const feedsKey = ['settings', 'feeds'] as const;

/** Which product feeds are published (issue 34.6): every staff member may read it. */
export const useFeedSettings = () => useQuery(apiQuery(feedsKey, feeds, feedSettingsSchema));

/** The owner turns product feeds on or off; the server refuses anyone else. */
export const useSaveFeedSettings = () =>
  useApiMutation(
    (body: FeedSettings) => api(feeds, feedSettingsSchema, { method: 'PUT', body }),
    [feedsKey],
  );
