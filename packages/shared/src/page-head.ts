/**
 * What the server writes into a page's head for search engines and link previews: given by the
 * storefront's render (apps/web/src/lib/server-page.ts), written by the server's plugin.
 */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own address (a path), without the query of filters or pages that repeat it. */
  canonicalPath: string;
  /** The picture a link preview shows, as the storefront addresses it. */
  image?: string;
  /** Open Graph's type: a product page is `product`, everything else `website`. */
  kind?: 'product' | 'website';
  /** A product's price in NOK, for the link preview. */
  priceNok?: number;
  /** schema.org objects, each written as its own JSON-LD script. */
  structuredData?: object[];
  /** The largest picture of the first screen, fetched beside the scripts. */
  preloadImage?: { href: string; srcSet?: string; sizes?: string };
  /** Search results and the like: followed, never indexed. */
  noIndex?: boolean;
  /** A page of a known route that names nothing (an unknown category, say). */
  notFound?: boolean;
}
