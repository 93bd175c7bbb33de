import { AsyncLocalStorage } from 'node:async_hooks';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { renderToStringAsync } from 'preact-render-to-string';
import {
  englishPathPrefix,
  localeOfPath,
  type CurrencyChoice,
  type Locale,
  type PublicShop,
} from '@shop/shared';
import { setRenderingTestShop } from './app/layout/test-shop-banner.js';
import { AppRoutes, serverRenderedPage } from './app/routes.js';
import { createStore } from './app/store.js';
import { loadMenuCategories } from './features/catalog/index.js';
import { selectCurrency } from './features/currency/index.js';
import { loadLanguage } from './i18n/catalogues.js';
import { setApiTransport, setPageLocale, type ApiTransport } from './lib/api-client.js';
import { setBodyParser } from './lib/html-body.js';
import { LanguageProvider } from './lib/i18n.js';
import { serverBodyNodes } from './lib/html-body-server.js';
import { pageTitle, type PageHead } from './lib/server-page.js';
import { serverState, serverStateScript } from './lib/server-state.js';
import { shopDetailsKnown } from './lib/shop-details.js';

/**
 * The server's render of the storefront (issue 15), built by `vite build --ssr` into the web
 * build's `ssr/` folder and loaded by the server. A page is rendered from the same components
 * and the same calls as in the browser, so the HTML holds what the shopper then sees.
 */

// Node has no DOMParser; About's sections are split with a parser of the same standard.
setBodyParser(serverBodyNodes);

/**
 * The language of the page being rendered, for its calls' `Accept-Language`: pages in both
 * languages render at the same time, each in its own async context.
 */
const renderLocale = new AsyncLocalStorage<Locale>();
setPageLocale(() => renderLocale.getStore());

/**
 * Set once as the server loads this module: how the storefront's calls reach the API while it
 * renders (the server answers them in-process), and whether payments are in test mode.
 */
export function configureRender(options: { transport: ApiTransport; testPayments: boolean }): void {
  setApiTransport(options.transport);
  setRenderingTestShop(options.testPayments);
}

export interface RenderRequest {
  /** The path and query asked for. */
  url: string;
  shop: PublicShop;
  /** The shop's public address, for the head's absolute URLs. */
  origin: string;
  /** The shopper's currency, from their cookie: the page's prices are rendered in it. */
  currency?: CurrencyChoice;
}

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  head: PageHead;
  /** The script that hands the store to the browser. */
  stateScript: string;
}

/** The page for a URL, or undefined when the browser renders that route alone. */
export function renderPage(request: RenderRequest): Promise<RenderedPage | undefined> {
  const url = new URL(request.url, 'http://shop.invalid');
  const { locale, path } = localeOfPath(url.pathname);
  return renderLocale.run(locale, () => renderIn(request, url, locale, path));
}

async function renderIn(
  request: RenderRequest,
  url: URL,
  locale: Locale,
  path: string,
): Promise<RenderedPage | undefined> {
  const match = serverRenderedPage(path);
  if (!match) return undefined;
  const [module, i18n] = await Promise.all([match.page.preload(), loadLanguage(locale)]);
  const store = createStore();
  store.dispatch(shopDetailsKnown(request.shop));
  const pageRequest = {
    dispatch: store.dispatch,
    getState: store.getState,
    pathname: path,
    params: match.params,
    search: url.searchParams,
    shop: request.shop,
    origin: request.origin,
    locale,
    i18n,
  };
  const [pageHead] = await Promise.all([
    module.loadPage(pageRequest),
    loadMenuCategories(pageRequest),
    // A currency the server does not know leaves the page in NOK, as in the browser.
    request.currency ? store.dispatch(selectCurrency(request.currency)) : undefined,
  ]);
  const html = await renderToStringAsync(
    <LanguageProvider i18n={i18n}>
      <Provider store={store}>
        <StaticRouter
          location={request.url}
          basename={locale === 'en' ? englishPathPrefix : undefined}
        >
          <AppRoutes />
        </StaticRouter>
      </Provider>
    </LanguageProvider>,
  );
  // Whichever page found nothing, the tab says so in the page's language.
  const head = pageHead.notFound
    ? { ...pageHead, title: pageTitle(i18n._('ui.notFound.title'), request.shop) }
    : pageHead;
  return { html, head, stateScript: serverStateScript(serverState(store.getState())) };
}
