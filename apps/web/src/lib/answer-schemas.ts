/**
 * The shared schemas the storefront checks the server's answers with, one per wire shape it reads
 * (API contract). Only the API client loads this module, with `import()` when a call starts, so
 * zod stays out of the first load (docs/decisions.md, "One API client").
 */
export {
  authProvidersResponseSchema,
  campaignsResponseSchema,
  carouselResponseSchema,
  cartResponseSchema,
  categoriesResponseSchema,
  categoryListingResponseSchema,
  checkStockResponseSchema,
  cleaningGalleryResponseSchema,
  countriesResponseSchema,
  createPaymentResponseSchema,
  errorResponseSchema,
  historyReviewsSchema,
  messageResponseSchema,
  multiCurrencyResponseSchema,
  orderSchema,
  ordersResponseSchema,
  postalCodeResponseSchema,
  productCardsSchema,
  productDetailSchema,
  productListResponseSchema,
  productReviewsSchema,
  profileResponseSchema,
  promoSchema,
  ratingSummarySchema,
  reviewSchema,
  sessionUserSchema,
  shippingDetailsResponseSchema,
  shippingPriceResponseSchema,
  shopDetailsSchema,
  statusResponseSchema,
  toReviewItemsSchema,
  uploadResponseSchema,
} from '@shop/shared';
