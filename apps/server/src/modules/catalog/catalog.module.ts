import type { FastifyPluginAsync } from 'fastify';
import { bestSellersAdminRoutes } from './best-sellers-admin.routes.js';
import { catalogRoutes } from './catalog.routes.js';
import { categoriesAdminRoutes } from './categories-admin.routes.js';
import { inventoryRoutes } from './inventory.routes.js';
import { priceSalesRoutes } from './price-sales.routes.js';
import type { ProductPreviews } from './product-preview.js';
import { productPreviewRoutes } from './product-preview.routes.js';
import type { ProductSales } from './products-admin.service.js';
import { productsAdminRoutes } from './products-admin.routes.js';
import { productsCsvRoutes } from './products-csv.routes.js';
import type { SearchIndex } from './search-index.js';

export interface CatalogModuleOptions {
  searchIndex: SearchIndex;
  /** What the orders module knows of a product's sales (app.ts wires it). */
  sales: ProductSales;
  /** The key and the staff check of preview links (app.ts wires them from the accounts). */
  previews: ProductPreviews;
}

/** The catalogue: the storefront's products, categories and search, and the back office's. */
export const catalogModule: FastifyPluginAsync<CatalogModuleOptions> = async (
  app,
  { searchIndex, sales, previews },
) => {
  await app.register(catalogRoutes, { prefix: '/api', searchIndex });
  await app.register(categoriesAdminRoutes, { prefix: '/api' });
  await app.register(inventoryRoutes, { prefix: '/api' });
  await app.register(productsAdminRoutes, { prefix: '/api', sales });
  await app.register(bestSellersAdminRoutes, { prefix: '/api' });
  await app.register(productsCsvRoutes, { prefix: '/api', sales });
  await app.register(priceSalesRoutes, { prefix: '/api' });
  await app.register(productPreviewRoutes, { prefix: '/api', previews });
};
