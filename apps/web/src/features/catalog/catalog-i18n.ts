import { translatorHook, type Translate } from '../../lib/i18n.js';
import type en from './i18n/en.json';

export type CatalogKey = keyof typeof en;
export type CatalogText = Translate<CatalogKey>;

/** The catalogue pages' words, typed by their catalogue. */
export const useCatalogText = translatorHook<CatalogKey>();
