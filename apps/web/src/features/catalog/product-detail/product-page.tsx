import { Suspense, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { SerializedError } from '@reduxjs/toolkit';
import { variantQuery } from '@shop/shared';
import type { ApiFailure } from '../../../lib/api.js';
import { PageSpinner } from '../../../components/ui/page-spinner.js';
import { useDocumentTitle } from '../../../lib/use-document-title.js';
import { NotFoundContent } from '../../../components/ui/not-found-content.js';
import { ProductCartButtons, toCartProduct } from '../../cart/index.js';
import { VippsExpressButton } from '../../checkout/index.js';
import { ProductReviews } from '../../reviews/index.js';
import { productPageRequest, useGetProductQuery } from './product-api.js';
import { CombinationStatus, ProductDetailView, ProductLoadFailure } from './product-detail-view.js';
import { useCatalogText } from '../catalog-i18n.js';
import { QuantityCounter } from './quantity-counter.js';

type QueryError = ApiFailure | SerializedError | undefined;

const errorStatus = (error: QueryError): number | undefined =>
  error && 'status' in error ? error.status : undefined;
const errorMessage = (error: QueryError, fallback: string): string => error?.message || fallback;

export default function ProductPage() {
  const { slug = '' } = useParams();

  // Opening another product (a related one, say) starts at the top of the page (PDP-17).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug]);

  // A new slug starts over: default item, quantity 1, no message.
  return <ProductView key={slug} slug={slug} />;
}

function ProductView({ slug }: { slug: string }) {
  const t = useCatalogText();
  // The address says which item is shown, so a shared link opens it (issue 29.9): the server's
  // render reads the same address.
  const [search, setSearch] = useSearchParams();
  const [picked, setPicked] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const request = productPageRequest(slug, search, picked);
  // `data` stays the last product received, so a combination the server refuses leaves the
  // page usable with the item shown before (CURPROD-08).
  const { data: product, error, isFetching, refetch } = useGetProductQuery(request);
  useDocumentTitle(product?.name);

  if (!product) {
    if (errorStatus(error) === 404) return <NotFoundContent />;
    if (error)
      return (
        <ProductLoadFailure
          message={errorMessage(error, t('catalog.product.combinationUnavailable'))}
          onRetry={() => void refetch()}
        />
      );
    return <PageSpinner />;
  }

  const chooseOption = (name: string, value: string) => {
    setPicked(true);
    // Replaced, not pushed: Back leaves the product rather than stepping through its options.
    setSearch(variantQuery({ ...product.variants, [name]: value }), {
      replace: true,
      preventScrollReset: true,
    });
    setQuantity(1);
  };
  const combinationMessage =
    error && request.selection
      ? errorMessage(error, t('catalog.product.combinationUnavailable'))
      : product.unavailable;
  const inStock = product.stock > 0;
  const limits = { stock: product.stock, orderLimit: product.orderLimit };

  return (
    <ProductDetailView
      product={product}
      busy={isFetching}
      onChoose={chooseOption}
      status={<CombinationStatus loading={isFetching} message={combinationMessage} />}
      purchase={
        <>
          <div className="product-detail__buy">
            <div className="product-detail__quantity">
              <QuantityCounter quantity={quantity} limits={limits} onChange={setQuantity} />
            </div>
            <ProductCartButtons product={product} quantity={quantity} disabled={!inStock} />
          </div>
          {/* Bought as Buy Now buys it, so only when Buy Now could be pressed (issue 32.4). */}
          {inStock && (
            <VippsExpressButton
              className="mt-2"
              purchase={{ item: { product: toCartProduct(product), qty: quantity } }}
            />
          )}
        </>
      }
      reviews={
        <Suspense fallback={null}>
          <ProductReviews productId={product._id} />
        </Suspense>
      }
    />
  );
}

// The server's render of this page (issue 15).
export { loadProductPage as loadPage } from '../page-loaders.js';
