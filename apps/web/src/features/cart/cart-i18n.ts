import { translatorHook } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The cart's words, typed by its catalogue. */
export const useCartText = translatorHook<keyof typeof en>();
