import { lazy } from 'react';
import { lazyPage } from '../../lib/server-page.js';

// Each page is its own chunk, loaded when its route is first shown: the first load stays small.
// The server renders the pages people arrive on from outside (lazyPage).

export const HomePage = lazyPage(() => import('./home-page.js'));
export const CategoryPage = lazyPage(() => import('./category-page.js'));
export const ProductPage = lazyPage(() => import('./product-detail/product-page.js'));
export const SearchPage = lazyPage(() => import('./search-page.js'));
export const ProductPreviewPage = lazyPage(
  () => import('./product-detail/product-preview-page.js'),
);
export const MobileCategoriesPage = lazy(() => import('./mobile-categories-page.js'));
