import { translatorHook } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The account screens' words, typed by their catalogue. */
export const useAccountsText = translatorHook<keyof typeof en>();
export type AccountsKey = keyof typeof en;
