import { useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, useLocation, useParams } from 'react-router';
import { isPriceRangeValid, minAboveMaxMessage, type CategorySort } from '@shop/shared';
import { FilterIcon } from '../../components/ui/icons.js';
import { PaginationControl } from '../../components/ui/pagination-control.js';
import { ProductGridSkeleton } from '../../components/ui/product-grid-skeleton.js';
import { useMoney } from '../../lib/use-money.js';
import { CATEGORY_PAGE_SIZE, useCategoriesQuery, useCategoryListingQuery } from './catalog-api.js';
import { CategoryFilters } from './category-filters.js';
import {
  categoryLink,
  isCategoryNavigationState,
  resolveCategory,
  type ResolvedCategory,
} from './category-links.js';
import { ProductGrid } from './product-grid.js';

const sortOptions: [CategorySort, string][] = [
  ['', 'SortBy'],
  ['lowToHigh', 'Price low to high'],
  ['highToLow', 'Price high to low'],
];

const NO_ITEMS = 'no items found';

interface PriceRange {
  min: number;
  max: number;
}

function CategoryListing({ category, sub, sub2 }: ResolvedCategory) {
  const { currencyCode, currencyValue } = useMoney();
  const [checkedSubs, setCheckedSubs] = useState<string[]>(sub ? [sub._id] : []);
  const [sub2Filter, setSub2Filter] = useState(sub2);
  const [sortby, setSortby] = useState<CategorySort>('');
  const [minText, setMinText] = useState('');
  const [maxText, setMaxText] = useState('');
  const [priceRange, setPriceRange] = useState<PriceRange>({ min: 0, max: 0 });
  const [priceError, setPriceError] = useState('');
  const [page, setPage] = useState(1);
  const [showFilters, setShowFilters] = useState(false);

  const { data, isFetching, isError } = useCategoryListingQuery({
    id: category._id,
    page,
    body: {
      id: category._id,
      sub: checkedSubs.map((_id) => ({ _id })),
      sub2: sub2Filter ? { _id: sub2Filter._id, name: sub2Filter.name } : null,
      min: priceRange.min,
      max: priceRange.max,
      sortby,
      subfilter: [],
    },
  });

  const toggleSub = (subId: string) => {
    setCheckedSubs((checked) =>
      checked.includes(subId) ? checked.filter((id) => id !== subId) : [...checked, subId],
    );
    setPage(1);
  };
  const removeSub2 = () => {
    setSub2Filter(undefined);
    setPage(1);
  };
  // The inputs are in the shopper's currency; the API filters on NOK (docs/decisions.md).
  const toNok = (amount: number) => Math.round((amount / currencyValue) * 100) / 100;
  const applyPrice = () => {
    const min = minText === '' ? 0 : Number(minText);
    const max = maxText === '' ? 0 : Number(maxText);
    if (!isPriceRangeValid(min, max)) {
      setPriceError(minAboveMaxMessage);
      return;
    }
    setPriceError('');
    setPriceRange({ min: toNok(min), max: toNok(max) });
    setPage(1);
    setShowFilters(false);
  };
  const clearPrice = () => {
    setMinText('');
    setMaxText('');
    setPriceError('');
    setPriceRange({ min: 0, max: 0 });
    setPage(1);
    setShowFilters(false);
  };
  const changePage = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };

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
      minText={minText}
      maxText={maxText}
      onMinChange={setMinText}
      onMaxChange={setMaxText}
      priceError={priceError}
      onApply={applyPrice}
      onClear={clearPrice}
    />
  );

  return (
    <div className="container py-4">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <Link to="/">Home</Link>
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
        <aside className="col-md-4 col-lg-3 d-none d-md-block" aria-label="Filters">
          {filters('category-filters')}
        </aside>
        <section className="col-md-8 col-lg-9" aria-labelledby="category-products-title">
          <h2 id="category-products-title" className="visually-hidden">
            Products
          </h2>
          <div className="category-toolbar">
            <p className="mb-0" aria-live="polite">
              {data && `Showing ${products.length} / ${count} items`}
            </p>
            <button
              type="button"
              className="btn btn-outline-primary d-md-none"
              onClick={() => setShowFilters(true)}
            >
              <FilterIcon width={16} height={16} /> Filters
            </button>
            <label htmlFor="category-sort" className="visually-hidden">
              Sort products
            </label>
            <select
              id="category-sort"
              className="form-select category-toolbar__sort"
              value={sortby}
              onChange={(event) => {
                setSortby(event.target.value as CategorySort);
                setPage(1);
              }}
            >
              {sortOptions.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
          {!data && isFetching ? (
            <ProductGridSkeleton />
          ) : isError ? (
            <p className="empty-state">Some error occured. Please try again later.</p>
          ) : products.length === 0 ? (
            <p className="empty-state">{NO_ITEMS}</p>
          ) : (
            <div aria-busy={isFetching} className={isFetching ? 'is-refreshing' : undefined}>
              <ProductGrid products={products} />
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
        <Offcanvas.Header closeButton closeLabel="Close filters">
          <Offcanvas.Title as="h2" id="filters-offcanvas-title">
            Filters
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>{filters('mobile-filters')}</Offcanvas.Body>
      </Offcanvas>
    </div>
  );
}

/** A category listing with filters, sort and pages (spec §2 Category page). */
export default function CategoryPage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const { data: categories, isLoading } = useCategoriesQuery(undefined);

  if (isLoading) {
    return (
      <div className="container py-4">
        <ProductGridSkeleton label="Loading categories" />
      </div>
    );
  }
  const state = isCategoryNavigationState(location.state) ? location.state : undefined;
  const resolved = resolveCategory(categories ?? [], slug, state);
  if (!resolved) {
    return (
      <div className="container py-4">
        <h1 className="page-title">{slug}</h1>
        <p className="empty-state">{NO_ITEMS}</p>
      </div>
    );
  }
  // A new navigation (menu entry, breadcrumb) starts with fresh filters.
  return (
    <CategoryListing
      key={`${location.key}:${resolved.category._id}:${resolved.sub?._id}:${resolved.sub2?._id}`}
      {...resolved}
    />
  );
}
