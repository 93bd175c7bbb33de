import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { productPreviewPath, variantQuery } from '@shop/shared';
import { NotFoundContent } from '../../../components/ui/not-found-content.js';
import { PageSpinner } from '../../../components/ui/page-spinner.js';
import { translator } from '../../../lib/i18n.js';
import {
  answerOf,
  notFoundHead,
  pageTitle,
  type PageHead,
  type PageRequest,
} from '../../../lib/server-page.js';
import { useDocumentTitle } from '../../../lib/use-document-title.js';
import { useCatalogText, type CatalogKey } from '../catalog-i18n.js';
import { itemRequest } from './product-api.js';
import { CombinationStatus, ProductDetailView, ProductLoadFailure } from './product-detail-view.js';
import { productPreviewApi, useGetProductPreviewQuery } from './product-preview-api.js';

/**
 * A product as shoppers will see it, shown to staff through a preview link before it is
 * published (issue 34.4): the product page, marked as a preview and with nothing to buy. The
 * server sends it unindexed and uncached; an expired or forged link is not found, with the
 * server's reason.
 */
export default function ProductPreviewPage() {
  const { token = '' } = useParams();
  const t = useCatalogText();
  // The address says which item is shown, as on the product page (issue 29.9): a reload or a
  // shared preview link opens it again, and the server's render reads the same address.
  const [search, setSearch] = useSearchParams();
  const [picked, setPicked] = useState(false);
  const request = { token, ...itemRequest(search, picked) };
  // `data` stays the last product received, so a combination the server refuses leaves the
  // item shown before, with the server's reason.
  const { data: product, error, isFetching, refetch } = useGetProductPreviewQuery(request);
  useDocumentTitle(product && t('catalog.preview.title', { name: product.name }));

  if (!product) {
    if (error && 'status' in error && error.status === 404)
      return <NotFoundContent message={error.message} />;
    if (error)
      return (
        <ProductLoadFailure
          // As the product page: the API client's failures carry their reason.
          message={error.message ?? t('catalog.product.combinationUnavailable')}
          onRetry={() => void refetch()}
        />
      );
    return <PageSpinner />;
  }

  return (
    <>
      <div className="container pt-3">
        <p role="note" className="alert alert-warning fw-semibold mb-0">
          {t('catalog.preview.banner')}
        </p>
      </div>
      <ProductDetailView
        product={product}
        busy={isFetching}
        onChoose={(name, value) => {
          setPicked(true);
          // Replaced, not pushed, as on the product page.
          setSearch(variantQuery({ ...product.variants, [name]: value }), {
            replace: true,
            preventScrollReset: true,
          });
        }}
        status={
          <CombinationStatus
            loading={isFetching}
            message={
              request.selection && error && 'status' in error ? error.message : product.unavailable
            }
          />
        }
        purchase={
          <p className="alert alert-secondary mt-3 mb-0">{t('catalog.preview.notForSale')}</p>
        }
      />
    </>
  );
}

/**
 * The server's render of a preview (issue 15): never indexed; an address whose link is not
 * valid or has expired is a 404. Here rather than in page-loaders.ts, which the product page's
 * chunk holds: the preview's contract module holds a schema (issue 33.2).
 */
export async function loadPage(request: PageRequest): Promise<PageHead> {
  const { dispatch, params, search, shop } = request;
  const t = translator<CatalogKey>(request.i18n);
  const token = params.token ?? '';
  // The canonical address is the bare preview path, whichever item its query names.
  const canonicalPath = productPreviewPath(token);
  const product = answerOf(
    await dispatch(
      // The item the address names, as the page asks for it.
      productPreviewApi.endpoints.getProductPreview.initiate({ token, ...itemRequest(search) }),
    ),
  );
  if (!product) return notFoundHead(shop, canonicalPath);
  return {
    title: pageTitle(t('catalog.preview.title', { name: product.name }), shop),
    description: '',
    canonicalPath,
    noIndex: true,
  };
}
