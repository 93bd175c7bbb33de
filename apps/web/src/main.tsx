import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import './styles/main.scss';
import { AppRoutes, serverRenderedPage } from './app/routes.js';
import { browserStateRestored, createStore, storedBrowserState } from './app/store.js';
import { fetchGoogleUser, receiveSocialSignIn } from './features/accounts/index.js';
import { alignCurrencyCookie, restoredCurrency } from './features/currency/index.js';
import { readServerState, serverQueriesKnown } from './lib/server-state.js';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/**
 * A page the server rendered (issue 15) is hydrated: the store starts from the server's state
 * and answers, the page's chunk is loaded first so nothing suspends, and the shopper's own
 * stored state (cart, session) follows at once in a second render; the currency is the one the
 * server rendered with, from the shopper's cookie.
 */
async function start(container: HTMLElement): Promise<void> {
  const serverState = readServerState();
  const page = serverState && serverRenderedPage(window.location.pathname);
  // The page's chunk adds its endpoints, which the server's answers are filed under.
  if (page) await page.page.preload().catch(() => undefined);
  const store = createStore(page ? serverState.browser : undefined);
  if (serverState) store.dispatch(serverQueriesKnown(serverState.queries));
  const app = (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
  if (page) {
    hydrateRoot(container, app);
    // The server rendered the shopper's currency from its cookie (issue 29.10): kept, so no
    // price changes after the first paint.
    const currency = restoredCurrency(serverState.browser.currency);
    store.dispatch(browserStateRestored({ ...storedBrowserState(), currency }));
  } else {
    createRoot(container).render(app);
    alignCurrencyCookie(store.getState().currency);
  }
  // Says the page now answers to input: the journeys wait for it after loading a page.
  document.documentElement.dataset.hydrated = 'true';
  void store.dispatch(fetchGoogleUser());
}

// A social sign-in hand-back reloads the page once checked; rendering first would only flash.
// No top-level await here: a lazy chunk that imports from this entry chunk would wait forever
// for it to finish evaluating.
void receiveSocialSignIn().then((reloading) => {
  if (!reloading) void start(root);
});
