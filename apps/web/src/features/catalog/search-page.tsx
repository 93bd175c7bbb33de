import { Link, useLocation, useSearchParams } from 'react-router';
import { ProductGridSkeleton } from '../../components/ui/product-grid-skeleton.js';
import { RichText } from '../../lib/i18n.js';
import { useCatalogText } from './catalog-i18n.js';
import { useSearchProductsQuery } from './catalog-api.js';
import { ProductGrid } from './product-grid.js';

function keywordFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { keyword } = state as { keyword?: unknown };
  return typeof keyword === 'string' ? keyword : undefined;
}

/**
 * Results of the header search (SEARCH-01..04). The term is read from `?q=`, so Back, a reload
 * and a shared link show the same results, else from the navigation state the spec describes.
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const state = useLocation().state as unknown;
  const t = useCatalogText();
  const keyword = params.get('q') ?? keywordFrom(state);
  const {
    data: products,
    isFetching,
    isError,
  } = useSearchProductsQuery(keyword ?? '', {
    skip: keyword === undefined,
  });

  return (
    <div className="container py-4">
      <h1 className="page-title">
        <RichText
          id="catalog.search.title"
          values={{ keyword: keyword ?? '' }}
          components={{ 0: <q /> }}
        />
      </h1>
      {keyword === undefined ? (
        <EmptyState text={t('catalog.search.prompt')} />
      ) : isFetching ? (
        <ProductGridSkeleton label={t('catalog.search.searching')} />
      ) : isError ? (
        <EmptyState text={t('catalog.search.failed')} />
      ) : products && products.length > 0 ? (
        <section aria-labelledby="search-results-title">
          <h2 id="search-results-title" className="visually-hidden">
            {t('catalog.products')}
          </h2>
          <ProductGrid name="search-results" products={products} eagerCount={4} />
        </section>
      ) : (
        <EmptyState text={t('catalog.search.none')} />
      )}
    </div>
  );
}

function EmptyState({ text }: { text: string }) {
  const t = useCatalogText();
  return (
    <div className="empty-state">
      <p>{text}</p>
      <Link to="/" className="btn btn-outline-primary">
        {t('catalog.continueShopping')}
      </Link>
    </div>
  );
}

// The server's render of this page (issue 15).
export { loadSearchPage as loadPage } from './page-loaders.js';
