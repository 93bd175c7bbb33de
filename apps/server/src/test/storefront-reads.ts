/**
 * What a shopper's browsing asks of the catalogue, each at an address of its own so that no kept
 * answer stands in for a read of the database: the calls a replica serves, which must keep
 * answering while it is down (issue 29.19). The product page takes no other query (each is an
 * option): its offers stand for it.
 */
export const storefrontReads = [
  '/api/shop',
  '/api/categories/web',
  '/api/products/featured',
  '/api/products/new',
  '/api/products/website?keyword=honey',
  '/api/products/acacia-honey/offers',
  '/api/pages/about',
  '/api/carousel',
  '/api/campaign',
  '/api/cleaning/services',
  '/api/cleaning/gallery',
  '/sitemap.xml',
] as const;
