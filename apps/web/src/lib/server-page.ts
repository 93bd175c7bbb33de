import { createElement, type ComponentType } from 'react';
import type { Params } from 'react-router';
import type { I18n, Locale, PageHead, ShopDetails } from '@shop/shared';
import { imageUrl } from './image-url.js';

export type { PageHead } from '@shop/shared';
import type { AppDispatch, RootState } from './store-hooks.js';

/** What a page's server loader gets: the request's store, its route and its query. */
export interface PageRequest {
  dispatch: AppDispatch;
  getState: () => RootState;
  pathname: string;
  params: Params;
  search: URLSearchParams;
  shop: ShopDetails;
  /** The shop's public address (`https://shop.example`), for absolute URLs. */
  origin: string;
  /** The page's language, from its address (`/en/…` English, else Norwegian). */
  locale: Locale;
  /** The page's words, for its head: `translator<Key>(request.i18n)` from lib/i18n. */
  i18n: I18n;
}

/**
 * A page module the server renders: its component, and `loadPage`, which puts everything the
 * first render reads into the store (the same queries, with the same arguments, as the
 * component asks) and says what the head holds.
 */
export interface ServerPageModule {
  default: ComponentType;
  loadPage: (request: PageRequest) => Promise<PageHead>;
}

export interface PreloadablePage {
  (): ReturnType<typeof createElement>;
  /** Loads the page's chunk; afterwards the page renders at once, without suspending. */
  preload: () => Promise<ServerPageModule>;
}

/**
 * A page in a chunk of its own, like `lazy()`, that can be loaded ahead of its first render: the
 * server loads it to render it, and the browser before it hydrates the server's HTML, so that
 * hydration never meets a page still loading (which would show the spinner over the content).
 */
export function lazyPage(load: () => Promise<ServerPageModule>): PreloadablePage {
  let loaded: ServerPageModule | undefined;
  let loading: Promise<ServerPageModule> | undefined;
  let failed: { error: unknown } | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A chunk that failed (a deployment replaced it) is tried again next time.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Page = () => {
    if (loaded) return createElement(loaded.default);
    if (failed) {
      // Once, to the route's error boundary, as `lazy()` does; the next render loads again.
      const { error } = failed;
      failed = undefined;
      throw error;
    }
    // Suspends the way `lazy()` does until the chunk is here.
    throw preload().then(
      () => undefined,
      (error: unknown) => {
        failed = { error };
      },
    );
  };
  return Object.assign(Page, { preload });
}

/**
 * A query's answer as the server's render needs it: its data, or undefined when the API says
 * 404 (the page names nothing). Any other failure is thrown: the server then sends the page
 * without its content and the browser asks again.
 */
export function answerOf<T>(result: { data?: T; error?: unknown }): T | undefined {
  if (result.data !== undefined) return result.data;
  const { error } = result;
  if (typeof error === 'object' && error !== null && 'status' in error && error.status === 404)
    return undefined;
  throw new Error(`The page's data could not be loaded: ${JSON.stringify(error)}`);
}

/** The head of a page of a known route that names nothing: an unknown product, say. */
export const notFoundHead = (shop: ShopDetails, canonicalPath: string): PageHead => ({
  title: pageTitle('Page not found', shop),
  description: '',
  canonicalPath,
  notFound: true,
});

/** The title a page of the shop carries: its own name, then the shop's. */
export const pageTitle = (name: string, shop: ShopDetails) =>
  name === shop.name ? name : `${name} | ${shop.name}`;

/** Absolute address of a picture, for link previews and structured data. */
export function absoluteImage(origin: string, path: string): string {
  const url = imageUrl(path);
  return /^https?:/.test(url) ? url : `${origin}${url}`;
}

/**
 * The shop's own picture, for the link preview of a page that has none of its own (the text
 * pages, the cleaning page without photos): the cleaning page's first photo, which belongs to
 * the shop rather than to its demo data (the build draws it, every start puts it in the uploads
 * store), so it is always there.
 */
export const SHOP_IMAGE = '/cleaning/cleaning-1.webp';

/** A description of at most ~160 characters, on one line, from any text. */
export function describe(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 160 ? line : `${line.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}
