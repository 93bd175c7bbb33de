import { lazy } from 'react';

// Each page is its own chunk, loaded when its route is first shown: the first load stays small.

export const MorePage = lazy(() => import('./more-page.js'));
export const AboutPage = lazy(() => import('./about-page.js'));
export const TermsPage = lazy(() => import('./policies/terms-page.js'));
export const RefundPage = lazy(() => import('./policies/refund-page.js'));
export const ReturnPage = lazy(() => import('./policies/return-page.js'));
export const PrivacyPage = lazy(() => import('./policies/privacy-page.js'));
export const DeliveryPage = lazy(() => import('./policies/delivery-page.js'));
