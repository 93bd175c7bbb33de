// The feature's public face (issue 11): other features and app/ import only this file. Plain
// re-exports only, so the bundler can leave out what an importer does not use.
export {
  HomePage,
  CategoryPage,
  ProductPage,
  ProductPreviewPage,
  SearchPage,
  MobileCategoriesPage,
} from './pages.js';

export { loadMenuCategories, useCategoriesQuery } from './catalog-api.js';
export { categoryLink } from './category-links.js';
