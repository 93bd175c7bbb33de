import { useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatPrice, MAX_PRICE_FILTER_NOK, type CategorySort } from '@shop/shared';
import { FilterIcon } from '../../components/ui/icons.js';
import { PaginationControl } from '../../components/ui/pagination-control.js';
import { ProductGridSkeleton } from '../../components/ui/product-grid-skeleton.js';
import { useLocale } from '../../lib/i18n.js';
import { useMoney } from '../../lib/use-money.js';
import NotFoundPage from '../../components/ui/not-found-page.js';
import { useCatalogText, type CatalogKey } from './catalog-i18n.js';
import { CATEGORY_PAGE_SIZE, useCategoriesQuery, useCategoryListingQuery } from './catalog-api.js';
import { CategoryFilters } from './category-filters.js';
import {
  categoryLink,
  isCategoryNavigationState,
  resolveCategory,
  type ResolvedCategory,
} from './category-links.js';
import {
  listingArgs,
  priceFilterOf,
  readListingQuery,
  writeListingQuery,
  type ListingQuery,
} from './listing-query.js';
import { ProductGrid } from './product-grid.js';

const sortOptions: [CategorySort, CatalogKey][] = [
  ['', 'catalog.category.sort.none'],
  ['lowToHigh', 'catalog.category.sort.lowToHigh'],
  ['highToLow', 'catalog.category.sort.highToLow'],
];

/** The filters show twice, beside the listing and in the phone's sheet, each with its own ids. */
const FILTERS_ID = { aside: 'category-filters', sheet: 'mobile-filters' } as const;

/** The price inputs as typed, with their message, for the query's min and max they started from. */
interface PriceDraft {
  min: string;
  max: string;
  error: string;
  from: string;
}

const draftOrigin = (query: ListingQuery) => `${query.min}|${query.max}`;

function CategoryListing({ category, sub, sub2 }: ResolvedCategory) {
  const t = useCatalogText();
  const locale = useLocale();
  const { currencyCode, currencyValue } = useMoney();
  const location = useLocation();
  const navigate = useNavigate();
  const query = readListingQuery(new URLSearchParams(location.search));
  const [showFilters, setShowFilters] = useState(false);
  const [draft, setDraft] = useState<PriceDraft>({ min: '', max: '', error: '', from: '' });
  /** Why a typed range cannot filter the listing, in the shopper's currency; '' when it can. */
  const priceProblemOf = (min: string, max: string) => {
    const { problem } = priceFilterOf(min, max, currencyValue);
    if (problem === 'minAboveMax') return t('catalog.filter.minAboveMax');
    if (problem === 'tooHigh')
      return t('catalog.filter.tooHigh', {
        limit: formatPrice(
          Math.floor(MAX_PRICE_FILTER_NOK * currencyValue),
          1,
          currencyCode,
          locale,
        ),
      });
    return '';
  };
  // A new query (Apply, Clear, Back) shows its own amounts in the inputs, and why they are not
  // applied when a link names a range the listing cannot be filtered by.
  const price =
    draft.from === draftOrigin(query)
      ? draft
      : {
          min: query.min,
          max: query.max,
          error: priceProblemOf(query.min, query.max),
          from: draftOrigin(query),
        };

  const subSlugs = query.subs ?? (sub ? [sub.slug] : []);
  const args = listingArgs({ category, sub, sub2 }, query, currencyValue);
  const checkedSubs = (args.body.sub ?? []).map(({ _id }) => _id);
  const sub2Filter = sub2;
  const { data, isFetching, isError } = useCategoryListingQuery(args);
  const sortby = query.sort;
  const page = query.page;

  /**
   * Filters and sort replace the listing's history entry; a new page is a new entry, so Back
   * steps through the pages seen. The menu's navigation state stays with the URL.
   */
  const showQuery = (changes: Partial<ListingQuery>, newEntry = false) =>
    void navigate(
      { pathname: location.pathname, search: writeListingQuery({ ...query, ...changes }) },
      { replace: !newEntry, state: location.state as unknown },
    );

  const toggleSub = (subId: string) => {
    const toggled = category.subCategory.find((candidate) => candidate._id === subId);
    if (!toggled) return;
    showQuery({
      subs: subSlugs.includes(toggled.slug)
        ? subSlugs.filter((slug) => slug !== toggled.slug)
        : [...subSlugs, toggled.slug],
      page: 1,
    });
  };
  const removeSub2 = () => {
    // The second-level filter is the page's own address: go to its sub-category's listing.
    const parent = sub ? categoryLink(category, sub) : categoryLink(category);
    void navigate(parent.to, { replace: true, state: parent.state });
  };
  const setPriceText = (field: 'min' | 'max') => (text: string) =>
    setDraft({ ...price, [field]: text });
  const applyPrice = () => {
    // A refused range makes no request (VAL-02): the listing stays the one its count describes.
    const error = priceProblemOf(price.min, price.max);
    if (error) {
      setDraft({ ...price, error });
      return;
    }
    const applied = {
      min: price.min === '' ? '' : String(Number(price.min)),
      max: price.max === '' ? '' : String(Number(price.max)),
    };
    setDraft({ ...applied, error: '', from: `${applied.min}|${applied.max}` });
    showQuery({ ...applied, page: 1 });
    setShowFilters(false);
  };
  const clearPrice = () => {
    setDraft({ min: '', max: '', error: '', from: '|' });
    showQuery({ min: '', max: '', page: 1 });
    setShowFilters(false);
  };
  const changePage = (next: number) => showQuery({ page: next }, true);

  const selectedFilter =
    sub2Filter?.name ??
    category.subCategory
      .filter((candidate) => checkedSubs.includes(candidate._id))
      .map((candidate) => candidate.name)
      .join(', ');
  const categoryHome = categoryLink(category);
  const products = data?.products ?? [];
  const count = data?.count ?? 0;

  const filters = (idPrefix: string) => (
    <CategoryFilters
      idPrefix={idPrefix}
      category={category}
      checkedSubs={checkedSubs}
      onToggleSub={toggleSub}
      sub2Filter={sub2Filter}
      onRemoveSub2={removeSub2}
      currencyCode={currencyCode}
      minText={price.min}
      maxText={price.max}
      onMinChange={setPriceText('min')}
      onMaxChange={setPriceText('max')}
      priceError={price.error}
      onApply={applyPrice}
      onClear={clearPrice}
    />
  );

  return (
    <div className="container py-4">
      <nav aria-label={t('catalog.breadcrumb')}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <Link to="/">{t('catalog.home')}</Link>
          </li>
          {selectedFilter ? (
            <>
              <li className="breadcrumb-item">
                <Link to={categoryHome.to} state={categoryHome.state}>
                  {category.name}
                </Link>
              </li>
              <li className="breadcrumb-item active" aria-current="page">
                {selectedFilter}
              </li>
            </>
          ) : (
            <li className="breadcrumb-item active" aria-current="page">
              {category.name}
            </li>
          )}
        </ol>
      </nav>
      <h1 className="page-title">{sub2Filter?.name ?? category.name}</h1>
      <div className="row g-4">
        <aside
          className="col-md-4 col-lg-3 d-none d-md-block"
          aria-label={t('catalog.category.filters')}
        >
          {filters(FILTERS_ID.aside)}
        </aside>
        <section className="col-md-8 col-lg-9" aria-labelledby="category-products-title">
          <h2 id="category-products-title" className="visually-hidden">
            {t('catalog.products')}
          </h2>
          <div className="category-toolbar">
            <p className="mb-0 category-toolbar__count" aria-live="polite">
              {/* A failed listing shows nothing; it never counts the answer of an earlier one. */}
              {data && !isError && t('catalog.category.showing', { shown: products.length, count })}
            </p>
            <button
              type="button"
              className="btn btn-outline-primary d-md-none"
              onClick={() => setShowFilters(true)}
            >
              <FilterIcon width={16} height={16} /> {t('catalog.category.filters')}
            </button>
            <label htmlFor="category-sort" className="visually-hidden">
              {t('catalog.category.sortLabel')}
            </label>
            <select
              id="category-sort"
              className="form-select category-toolbar__sort"
              value={sortby}
              onChange={(event) => showQuery({ sort: event.target.value as CategorySort, page: 1 })}
            >
              {sortOptions.map(([value, text]) => (
                <option key={value} value={value}>
                  {t(text)}
                </option>
              ))}
            </select>
          </div>
          {!data && isFetching ? (
            <ProductGridSkeleton />
          ) : isError ? (
            <p className="empty-state">{t('catalog.category.error')}</p>
          ) : products.length === 0 ? (
            <p className="empty-state">{t('catalog.category.empty')}</p>
          ) : (
            <div aria-busy={isFetching} className={isFetching ? 'is-refreshing' : undefined}>
              <ProductGrid name="category-products" products={products} eagerCount={4} />
              <PaginationControl
                page={page}
                pageCount={Math.ceil(count / CATEGORY_PAGE_SIZE)}
                onChange={changePage}
              />
            </div>
          )}
        </section>
      </div>
      <Offcanvas
        show={showFilters}
        onHide={() => setShowFilters(false)}
        placement="bottom"
        className="filters-offcanvas"
        aria-labelledby="filters-offcanvas-title"
      >
        <Offcanvas.Header closeButton closeLabel={t('catalog.category.closeFilters')}>
          <Offcanvas.Title as="h2" id="filters-offcanvas-title">
            {t('catalog.category.filters')}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>{filters(FILTERS_ID.sheet)}</Offcanvas.Body>
      </Offcanvas>
    </div>
  );
}

/** A category listing with filters, sort and pages (spec §2 Category page). */
export default function CategoryPage() {
  const t = useCatalogText();
  const { slug = '' } = useParams();
  const location = useLocation();
  const { data: categories, isLoading } = useCategoriesQuery(undefined);

  if (isLoading) {
    return (
      <div className="container py-4">
        <ProductGridSkeleton label={t('catalog.loadingCategories')} />
      </div>
    );
  }
  const state = isCategoryNavigationState(location.state) ? location.state : undefined;
  const resolved = resolveCategory(categories ?? [], slug, state);
  if (!resolved) {
    // An unknown slug is a page that does not exist (issue 10.11); a menu that failed to load
    // cannot tell.
    if (categories) return <NotFoundPage />;
    return (
      <div className="container py-4">
        <p className="empty-state">{t('catalog.category.error')}</p>
      </div>
    );
  }
  // The filters live in the URL query, so a menu entry or breadcrumb (no query) starts afresh.
  return (
    <CategoryListing
      key={`${resolved.category._id}:${resolved.sub?._id}:${resolved.sub2?._id}`}
      {...resolved}
    />
  );
}

// The server's render of this page (issue 15).
export { loadCategoryPage as loadPage } from './page-loaders.js';
