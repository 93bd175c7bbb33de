import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { AppStoreLinks } from '../../components/ui/app-store-links.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useShopDetails } from '../../lib/shop-details.js';
import { isAccountUser, logout } from '../accounts/index.js';
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

/** The mobile 'More' menu: user, policies, about, the app downloads and logout (MORE-01..07). */
export default function MorePage() {
  useDocumentTitle(moreText.title);
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
      <h1 className="visually-hidden">{moreText.title}</h1>
      <MoreSection id="more-user" title={moreText.user}>
        <div className="list-group">
          {signedIn ? (
            <Link to="/account" className={`${linkClass} d-flex justify-content-between gap-2`}>
              <span>{moreText.myAccount}</span>{' '}
              <span className="text-body-secondary text-truncate">{user.name}</span>
            </Link>
          ) : (
            <Link to="/login" className={linkClass}>
              {moreText.login}
            </Link>
          )}
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
        {shop && <AppStoreLinks shop={shop} />}
      </MoreSection>
      {signedIn && (
        <button type="button" className="btn btn-outline-danger w-100" onClick={logOut}>
          {moreText.logout}
        </button>
      )}
    </div>
  );
}
