import { translatorHook } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The words of /cleaning and its enquiry around the staff's tiles and photos, typed by their catalogue. */
export const useCleaningText = translatorHook<keyof typeof en>();
export type CleaningKey = keyof typeof en;
