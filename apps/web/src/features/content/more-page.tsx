import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { AppStoreLinks } from '../../components/ui/app-store-links.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useShopDetails } from '../../lib/shop-details.js';
import { isAccountUser, logout } from '../accounts/index.js';
import { useContentText, type ContentKey } from './content-i18n.js';

const policyLinks: { to: string; label: ContentKey }[] = [
  { to: '/cleaning', label: 'content.more.link.cleaning' },
  { to: '/terms-conditions', label: 'content.more.link.terms' },
  { to: '/privacy', label: 'content.more.link.privacy' },
  { to: '/return', label: 'content.more.link.return' },
  { to: '/refund', label: 'content.more.link.refund' },
  { to: '/delivery-terms-conditions', label: 'content.more.link.delivery' },
];

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

/** The mobile 'More' menu: user, policies, about, the app downloads and logout (MORE-01..07). */
export default function MorePage() {
  const t = useContentText();
  useDocumentTitle(t('content.more.title'));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.session.userInfo);
  const signedIn = isAccountUser(user);
  const shop = useShopDetails();
  const logOut = () => {
    dispatch(logout());
    void navigate('/');
  };
  return (
    <div className="container py-4" style={{ maxWidth: '36rem' }}>
      <h1 className="visually-hidden">{t('content.more.title')}</h1>
      <MoreSection id="more-user" title={t('content.more.user')}>
        <div className="list-group">
          {signedIn ? (
            <Link to="/account" className={`${linkClass} d-flex justify-content-between gap-2`}>
              <span>{t('content.more.myAccount')}</span>{' '}
              <span className="text-body-secondary text-truncate">{user.name}</span>
            </Link>
          ) : (
            <Link to="/login" className={linkClass}>
              {t('content.more.login')}
            </Link>
          )}
        </div>
      </MoreSection>
      <MoreSection id="more-policies" title={t('content.more.policies')}>
        <div className="list-group">
          {policyLinks.map(({ to, label }) => (
            <Link key={to} to={to} className={linkClass}>
              {t(label)}
            </Link>
          ))}
        </div>
      </MoreSection>
      <MoreSection id="more-about" title={t('content.more.about')}>
        <div className="list-group">
          <Link to="/about" className={linkClass}>
            {t('content.more.aboutUs')}
          </Link>
        </div>
      </MoreSection>
      <MoreSection id="more-apps" title={t('content.more.downloadApp')}>
        {shop && <AppStoreLinks shop={shop} />}
      </MoreSection>
      {signedIn && (
        <button type="button" className="btn btn-outline-danger w-100" onClick={logOut}>
          {t('content.more.logout')}
        </button>
      )}
    </div>
  );
}
