import { translatorHook } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The words of /orders, typed by its catalogue. */
export const useOrdersText = translatorHook<keyof typeof en>();
export type OrdersKey = keyof typeof en;
