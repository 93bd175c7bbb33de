import { combineReducers, configureStore, createAction, type Action } from '@reduxjs/toolkit';
import { sessionSlice } from '../features/accounts/index.js';
import { cartSlice } from '../features/cart/index.js';
import { orderSlice } from '../features/checkout/index.js';
import { currencySlice } from '../features/currency/index.js';
import { reviewsSlice } from '../features/reviews/index.js';
import { api } from '../lib/api.js';
import { embeddedShopDetails, shopDetailsKnown } from '../lib/shop-details.js';

const reducer = combineReducers({
  [api.reducerPath]: api.reducer,
  currency: currencySlice.reducer,
  cart: cartSlice.reducer,
  session: sessionSlice.reducer,
  order: orderSlice.reducer,
  reviews: reviewsSlice.reducer,
});

type State = ReturnType<typeof reducer>;

/** The state that is the shopper's own (cart, session, currency…), kept in the browser. */
export type BrowserState = Omit<State, typeof api.reducerPath>;

/** What the browser keeps, read afresh: each slice's stored state. */
export function storedBrowserState(): BrowserState {
  return {
    currency: currencySlice.getInitialState(),
    cart: cartSlice.getInitialState(),
    session: sessionSlice.getInitialState(),
    order: orderSlice.getInitialState(),
    reviews: reviewsSlice.getInitialState(),
  };
}

/**
 * The shopper's stored state arrives after a server-rendered page has been hydrated: the first
 * render must be the server's (no cart, signed out, NOK), or hydration would keep the server's
 * attributes beside the browser's text (a /login link reading "Account").
 */
export const browserStateRestored = createAction<BrowserState>('app/browserStateRestored');

function rootReducer(state: State | undefined, action: Action): State {
  if (state && browserStateRestored.match(action)) return { ...state, ...action.payload };
  return reducer(state, action);
}

/** The store; `browserState` starts it from given slices instead of the stored ones. */
export function createStore(browserState?: BrowserState) {
  const store = configureStore({
    reducer: rootReducer,
    ...(browserState
      ? {
          preloadedState: {
            [api.reducerPath]: api.reducer(undefined, { type: '' }),
            ...browserState,
          },
        }
      : {}),
    middleware: (getDefault) => getDefault().concat(api.middleware),
    // Without a window, RTK batches its notifications on a 10 ms timer, which the server's render
    // waited out on every page (issue 33.1); a microtask batches them as well there.
    enhancers: (getDefault) =>
      getDefault({ autoBatch: typeof window === 'undefined' ? { type: 'tick' } : true }),
  });
  const shopDetails = embeddedShopDetails();
  if (shopDetails) store.dispatch(shopDetailsKnown(shopDetails));
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
