import { lazy } from 'react';
import { lazyPage } from '../../lib/server-page.js';

// Each page is its own chunk, loaded when its route is first shown: the first load stays small.
// The server renders the pages people arrive on from outside (lazyPage).

export const MorePage = lazy(() => import('./more-page.js'));
export const AboutPage = lazyPage(() => import('./about-page.js'));
export const TermsPage = lazyPage(() => import('./policies/terms-page.js'));
export const RefundPage = lazyPage(() => import('./policies/refund-page.js'));
export const ReturnPage = lazyPage(() => import('./policies/return-page.js'));
export const PrivacyPage = lazyPage(() => import('./policies/privacy-page.js'));
export const DeliveryPage = lazyPage(() => import('./policies/delivery-page.js'));
