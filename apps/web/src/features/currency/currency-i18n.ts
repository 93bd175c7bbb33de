import { translatorHook } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The currency picker's words, typed by its catalogue. */
export const useCurrencyText = translatorHook<keyof typeof en>();
