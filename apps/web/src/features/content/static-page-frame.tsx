import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { StaticPage, StaticPageSlug } from '@shop/shared';
import { NotFoundContent } from '../../components/ui/not-found-content.js';
import { PageSpinner } from '../../components/ui/page-spinner.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useContentText } from './content-i18n.js';
import { useStaticPageQuery } from './static-page-api.js';

/**
 * Loads a text page and hands it to `children`; until then the same spinner as every page that
 * waits for its data, in a main area at least a screen tall, so nothing below it moves.
 */
export function StaticPageFrame({
  slug,
  children,
}: {
  slug: StaticPageSlug;
  children: (page: StaticPage) => ReactNode;
}) {
  const t = useContentText();
  const { data: page, error, refetch } = useStaticPageQuery(slug);
  useDocumentTitle(page?.title);
  if (page) return children(page);
  if (error && 'status' in error && error.status === 404) return <NotFoundContent />;
  if (error)
    return (
      <div className="container py-5">
        <div role="alert" className="alert alert-danger d-flex align-items-center gap-3">
          <span>{error.message || t('content.page.loadError')}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => refetch()}>
            {t('content.page.retry')}
          </button>
        </div>
      </div>
    );
  return <PageSpinner />;
}

/**
 * A page's text as HTML. The server sanitised it when the staff saved it (no scripts, event
 * handlers, styles or frames; links https, mailto or a path of the shop) and builds the default
 * from escaped text, so it is inserted as it arrives, as a product's description is. A link to a
 * page of the shop opens in the app, without loading the shop again.
 */
export function StaticPageHtml({ html, className = '' }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const followShopLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // Only a click on a link inside is handled: those are real links, reached and followed with
    // the keyboard as any other (Enter on a link is a click too).
    <div
      className={`static-page text-break ${className}`}
      onClick={followShopLink}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
