import { useState } from 'react';
import { useParams } from 'react-router';
import { productPreviewPath, type Variants } from '@shop/shared';
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
  // The chosen item is the page's own, not in its address: the server renders the default item,
  // and a reload starts there again.
  const [selection, setSelection] = useState<Variants>();
  // `data` stays the last product received, so a combination the server refuses leaves the
  // item shown before, with the server's reason.
  const {
    data: product,
    error,
    isFetching,
    refetch,
  } = useGetProductPreviewQuery(selection ? { token, selection } : { token });
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
        onChoose={(name, value) => setSelection({ ...product.variants, [name]: value })}
        status={
          <CombinationStatus
            loading={isFetching}
            message={selection && error && 'status' in error ? error.message : undefined}
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
  const { dispatch, params, shop } = request;
  const t = translator<CatalogKey>(request.i18n);
  const token = params.token ?? '';
  const canonicalPath = productPreviewPath(token);
  const product = answerOf(
    await dispatch(productPreviewApi.endpoints.getProductPreview.initiate({ token })),
  );
  if (!product) return notFoundHead(shop, canonicalPath);
  return {
    title: pageTitle(t('catalog.preview.title', { name: product.name }), shop),
    description: '',
    canonicalPath,
    noIndex: true,
  };
}
