import { lazy } from 'react';

// Each page is its own chunk, loaded when its route is first shown: the first load stays small.

export const HomePage = lazy(() => import('./home-page.js'));
export const CategoryPage = lazy(() => import('./category-page.js'));
export const ProductPage = lazy(() => import('./product-detail/product-page.js'));
export const SearchPage = lazy(() => import('./search-page.js'));
export const MobileCategoriesPage = lazy(() => import('./mobile-categories-page.js'));
