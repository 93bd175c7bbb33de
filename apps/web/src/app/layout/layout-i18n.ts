import type en from './i18n/en.json';
import { translatorHook } from '../../lib/i18n.js';

/** The words of the page's frame: header, menus, footer, banners and the error screen. */
export const useLayoutText = translatorHook<keyof typeof en>();
export type LayoutKey = keyof typeof en;
