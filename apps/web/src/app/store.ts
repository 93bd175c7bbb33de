import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { sessionSlice } from '../features/accounts/session-slice.js';
import { cartSlice } from '../features/cart/cart-slice.js';
import { orderSlice } from '../features/checkout/order-slice.js';
import { currencySlice } from '../features/currency/currency-slice.js';
import { reviewsSlice } from '../features/reviews/reviews-slice.js';
import { api } from './api.js';

export function createStore() {
  return configureStore({
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
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
