import type { StaticPageSlug } from '@shop/shared';
import { StaticPageFrame, StaticPageHtml } from '../static-page-frame.js';

/** A policy page: its title and the staff's text, whose h2 headings are its sections. */
export function PolicyPage({ slug }: { slug: Exclude<StaticPageSlug, 'about'> }) {
  return (
    <StaticPageFrame slug={slug}>
      {(page) => (
        <article className="container py-4 py-md-5" style={{ maxWidth: '52rem' }}>
          <h1 className="mb-3">{page.title}</h1>
          <StaticPageHtml html={page.html} className="policy-text" />
        </article>
      )}
    </StaticPageFrame>
  );
}
