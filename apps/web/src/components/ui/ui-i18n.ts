import type en from './i18n/en.json';
import { translatorHook } from '../../lib/i18n.js';

/** The words of the shared building blocks: spinners, paging, stock, not found. */
export const useUiText = translatorHook<keyof typeof en>();
export type UiKey = keyof typeof en;
