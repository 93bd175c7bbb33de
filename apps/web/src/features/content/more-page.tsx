import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppStoreLinks } from '../../components/layout/app-store-links.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { moreText } from './more-text.js';

function MoreSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id} className="h6 text-body-secondary fw-bold mb-2">
        {title}
      </h2>
      {children}
    </section>
  );
}

const linkClass = 'list-group-item list-group-item-action';

/** The mobile 'More' menu: user, policies, about and the app downloads (MORE-01..06). */
export default function MorePage() {
  useDocumentTitle(moreText.title);
  return (
    <div className="container py-4" style={{ maxWidth: '36rem' }}>
      <h1 className="visually-hidden">{moreText.title}</h1>
      <MoreSection id="more-user" title={moreText.user}>
        <div className="list-group">
          <Link to="/login" className={linkClass}>
            {moreText.login}
          </Link>
        </div>
      </MoreSection>
      <MoreSection id="more-policies" title={moreText.policies}>
        <div className="list-group">
          {moreText.policyLinks.map(({ to, label }) => (
            <Link key={to} to={to} className={linkClass}>
              {label}
            </Link>
          ))}
        </div>
      </MoreSection>
      <MoreSection id="more-about" title={moreText.about}>
        <div className="list-group">
          <Link to="/about" className={linkClass}>
            {moreText.aboutUs}
          </Link>
        </div>
      </MoreSection>
      <MoreSection id="more-apps" title={moreText.downloadApp}>
        <AppStoreLinks />
      </MoreSection>
    </div>
  );
}
