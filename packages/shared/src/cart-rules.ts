// Cart limits and messages without zod, so the storefront's first load can use them.

/** The most lines one cart may hold; a longer cart is refused rather than priced. */
export const MAX_CART_LINES = 100;
/** The largest quantity one line may ask for, whatever the stock. */
export const MAX_LINE_QUANTITY = 999;

/**
 * The stock messages of spec §4 and §8, word for word, and ours for an item the shop no longer
 * sells (named as the shopper's cart named it, when it did).
 */
export const stockMessages = {
  outOfStock: (name: string) => `${name} out of stock!`,
  orderLimitReached: (name: string) => `Order Limit Reached for ${name}!`,
  addedSuccessfully: (name: string) => `${name} added successfully!`,
  quantityOutOfStock: 'out of stock!',
  noLongerSold: (name: string) => `${name} is no longer sold`,
  productNoLongerSold: 'This product is no longer sold',
} as const;
