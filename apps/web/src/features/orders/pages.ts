import { lazy } from 'react';

// Each page is its own chunk, loaded when its route is first shown: the first load stays small.

export const OrdersPage = lazy(() => import('./orders-page.js'));
