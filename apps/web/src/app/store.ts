import { configureStore } from '@reduxjs/toolkit';
import { sessionSlice } from '../features/accounts/index.js';
import { cartSlice } from '../features/cart/index.js';
import { orderSlice } from '../features/checkout/index.js';
import { currencySlice } from '../features/currency/index.js';
import { reviewsSlice } from '../features/reviews/index.js';
import { api } from '../lib/api.js';
import { embeddedShopDetails, shopDetailsKnown } from '../lib/shop-details.js';

export function createStore() {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      currency: currencySlice.reducer,
      cart: cartSlice.reducer,
      session: sessionSlice.reducer,
      order: orderSlice.reducer,
      reviews: reviewsSlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const shopDetails = embeddedShopDetails();
  if (shopDetails) store.dispatch(shopDetailsKnown(shopDetails));
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
