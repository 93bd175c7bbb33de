import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductDetail } from '@shop/shared';
import { useMessage } from '../../../lib/i18n.js';
import { useCatalogText } from '../catalog-i18n.js';
import { OptionGroups } from './option-groups.js';
import { PriceBlock } from './price-block.js';
import { ProductDescription } from './product-description.js';
import { ProductGallery } from './product-gallery.js';
import { ProductSpecs } from './product-specs.js';
import { RelatedProducts } from './related-products.js';

interface ProductDetailViewProps {
  product: ProductDetail;
  /** Another item of the product is on its way. */
  busy: boolean;
  /** Shows another item of the product. */
  onChoose: (name: string, value: string) => void;
  /** Under the options: that the item chosen is loading, or why it is not the one shown. */
  status: ReactNode;
  /** Where the product is bought: the cart buttons on the shop's page. */
  purchase: ReactNode;
  /** Between the description and the related products. */
  reviews?: ReactNode;
}

/**
 * A product as shoppers see it: the product page and the staff's preview of a draft (issue 34.4)
 * show the same, apart from how it is bought.
 */
export function ProductDetailView({
  product,
  busy,
  onChoose,
  status,
  purchase,
  reviews,
}: ProductDetailViewProps) {
  const t = useCatalogText();
  return (
    <div className="container py-3 py-md-4">
      {/* The name and price first, then the pictures: on a phone that order fits the whole
          purchase on the first screen (issue 29.11); from md up the gallery stands to the left of
          both (_shop.scss). */}
      <div className="product-detail" aria-busy={busy}>
        <div className="product-detail__head">
          <h1 className="h2 mb-1">{product.name}</h1>
          <p className="text-body-secondary mb-2 mb-md-3">
            <span className="visually-hidden">{t('catalog.product.category')} </span>
            <Link to={`/category/${product.category.slug}`} className="link-secondary tap-link">
              {product.category.name}
            </Link>
          </p>
          <PriceBlock
            price={product.price}
            sellingPrice={product.sellingPrice}
            discount={product.discount}
            stock={product.stock}
          />
        </div>
        <div className="product-detail__gallery">
          {/* Another colour's pictures start at their first; another size keeps the one shown. */}
          <ProductGallery
            key={product.gallery.join(' ') || product.heroImage}
            name={product.name}
            heroImage={product.heroImage}
            gallery={product.gallery}
            imageAlts={product.imageAlts}
          />
        </div>
        <div className="product-detail__info">
          {product.options.length > 0 && (
            <div className="product-detail__options">
              <OptionGroups
                options={product.options}
                variants={product.variants}
                onChoose={onChoose}
              />
            </div>
          )}
          {status}
          {purchase}
          <ProductSpecs information={product.information} />
        </div>
      </div>
      <ProductDescription html={product.description} />
      {reviews}
      <RelatedProducts products={product.related} />
    </div>
  );
}

/** Under the options: the chosen item on its way, or why the item shown is not the one chosen. */
export function CombinationStatus({
  loading,
  message,
}: {
  loading: boolean;
  message: string | undefined;
}) {
  const t = useCatalogText();
  return (
    <>
      {loading && (
        <div className="small text-body-secondary mt-2" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('catalog.product.loadingCombination')}
        </div>
      )}
      {message && (
        <div role="alert" className="alert alert-warning mt-3 mb-0">
          {message}
        </div>
      )}
    </>
  );
}

/** A product page whose product could not be read: why, in the page's language, and a retry. */
export function ProductLoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useCatalogText();
  const translated = useMessage();
  return (
    <div className="container py-5">
      <div role="alert" className="alert alert-danger d-flex align-items-center gap-3">
        <span>{translated(message)}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
          {t('catalog.product.retry')}
        </button>
      </div>
    </div>
  );
}
