import { translatorHook } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The words of the reviews block, My Reviews and the review dialog, typed by their catalogue. */
export const useReviewsText = translatorHook<keyof typeof en>();
export type ReviewsKey = keyof typeof en;
