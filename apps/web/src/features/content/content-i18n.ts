import { translatorHook } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The words of the text pages and the 'More' menu around the staff's text, typed by their catalogue. */
export const useContentText = translatorHook<keyof typeof en>();
export type ContentKey = keyof typeof en;
