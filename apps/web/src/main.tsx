import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { whileHydrating } from './components/ui/static-island.js';
import { englishPathPrefix, localeOfPath } from '@shop/shared';
import './styles/main.scss';
import { AppRoutes, serverRenderedPage } from './app/routes.js';
import { browserStateRestored, createStore, storedBrowserState } from './app/store.js';
import { fetchGoogleUser, receiveSocialSignIn } from './features/accounts/index.js';
import { alignCurrencyCookie, restoredCurrency } from './features/currency/index.js';
import { loadLanguage } from './i18n/catalogues.js';
import { nextTask } from './lib/next-task.js';
import { preloadAnswerSchemas, setPageLocale } from './lib/api-client.js';
import { LanguageProvider } from './lib/i18n.js';
import { readServerState, serverQueriesKnown } from './lib/server-state.js';

const root = document.getElementById('root');

if (!root) throw new Error('The page has no #root element');

// Every call asks for the page's language, the social sign-in's first ones included; the
// language switch loads the other language's page whole, so the address always says it.
setPageLocale(() => localeOfPath(window.location.pathname).locale);

/**
 * A page the server rendered (issue 15) is hydrated: the store starts from the server's state
 * and answers, the page's chunk is loaded first so nothing suspends, and the shopper's own
 * stored state (cart, session) follows at once in a second render; the currency is the one the
 * server rendered with, from the shopper's cookie.
 */
async function start(container: HTMLElement): Promise<void> {
  const serverState = readServerState();
  const { locale, path } = localeOfPath(window.location.pathname);
  const page = serverState && serverRenderedPage(path);
  // The page's chunk adds its endpoints, which the server's answers are filed under.
  const [i18n] = await Promise.all([
    loadLanguage(locale),
    page?.page.preload().catch(() => undefined),
  ]);
  const store = createStore(page ? serverState.browser : undefined);
  if (serverState) store.dispatch(serverQueriesKnown(serverState.queries));
  const app = (
    <StrictMode>
      <LanguageProvider i18n={i18n}>
        <Provider store={store}>
          <BrowserRouter basename={locale === 'en' ? englishPathPrefix : undefined}>
            <AppRoutes />
          </BrowserRouter>
        </Provider>
      </LanguageProvider>
    </StrictMode>
  );
  if (page) {
    // Content that needs no hydration (static islands) keeps the server's DOM as it is.
    whileHydrating(() => hydrateRoot(container, app));
    // The shopper's own state renders in a task of its own: one long task of hydration and
    // this render would keep a tap waiting for both (Total Blocking Time, issue 33.2).
    await nextTask();
    // The server rendered the shopper's currency from its cookie (issue 29.10): kept, so no
    // price changes after the first paint.
    const currency = restoredCurrency(serverState.browser.currency);
    store.dispatch(browserStateRestored({ ...storedBrowserState(), currency }));
  } else {
    preloadAnswerSchemas();
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
