import { translatorHook } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The shipping and payment steps' words, typed by their catalogue. */
export const useCheckoutText = translatorHook<keyof typeof en>();
