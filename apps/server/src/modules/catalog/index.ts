/** The catalog module's public face: the only file other modules and app.ts import. */
export { columnIn, textIn } from './content-language.js';
export { countProductPages, productPages, shownCategoryPages } from './catalog-pages.service.js';
export { categorySlugExists, productSlugExists, slugRedirect } from './catalog.service.js';
export { productCardsToWire } from './catalog.wire.js';
export { eraseFromStockNotes, listInventory, restock, takeStock } from './inventory.service.js';
export { type ProductSales } from './products-admin.service.js';
export { runDueSales } from './price-sales.service.js';
export { type ProductCardInOre } from './product-card.js';
export {
  type FeedItem,
  type FeedProduct,
  PRODUCT_FEED_BATCH,
  productFeedBatches,
} from './product-feed.service.js';
export { sanitizeProductDescription } from './product-description.js';
export { previewAnswerHeaders } from './product-preview.js';
export {
  categoryLinkTargets,
  familyCards,
  findProductFamily,
  findPurchasableItems,
  itemCards,
  itemSkus,
  type LinkTarget,
  productFamilySummaries,
  productLinkTargets,
  type PurchasableItem,
  purchasableItemExists,
} from './products.service.js';
export { SearchIndex } from './search-index.js';
export { catalogModule } from './catalog.module.js';
