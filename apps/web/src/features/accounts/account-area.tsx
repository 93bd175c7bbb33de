import { useEffect, type ReactNode } from 'react';
import { Navigate, NavLink, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { useAccountsText, type AccountsKey } from './accounts-i18n.js';
import { logout } from './logout.js';
import { isAccountUser } from './session-slice.js';
import { fetchProfile } from './session-thunks.js';

const menu: { to: string; label: AccountsKey }[] = [
  { to: '/account', label: 'accounts.menu.details' },
  { to: '/orders', label: 'accounts.menu.orders' },
  { to: '/reviews', label: 'accounts.menu.reviews' },
];

const itemClass = 'list-group-item list-group-item-action';

/**
 * The frame of the account pages: the side menu (AREA-01, AREA-02) and the guard that sends
 * visitors and guests to /login (AREA-03). The profile is loaded when it is not yet (SESSION-08).
 */
export function AccountArea({ children }: { children: ReactNode }) {
  const t = useAccountsText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.session.userInfo);
  const detailsId = useAppSelector((state) => state.session.details?._id);
  const signedIn = isAccountUser(user);
  const userId = user?._id;

  useEffect(() => {
    if (signedIn && detailsId !== userId) void dispatch(fetchProfile());
  }, [dispatch, signedIn, userId, detailsId]);

  if (!signedIn) return <Navigate to="/login" replace />;

  const logOut = () => {
    void navigate('/');
    dispatch(logout());
  };

  return (
    <div className="container py-4">
      <div className="row g-4">
        <aside className="col-md-3">
          <nav aria-label={t('accounts.menu.label')} className="list-group">
            {menu.map(({ to, label }) => (
              <NavLink
                key={to}
                to={to}
                end
                className={({ isActive }) => `${itemClass}${isActive ? ' active' : ''}`}
              >
                {t(label)}
              </NavLink>
            ))}
            <button type="button" className={`${itemClass} text-danger`} onClick={logOut}>
              {t('accounts.menu.logOut')}
            </button>
          </nav>
        </aside>
        <div className="col-md-9">{children}</div>
      </div>
    </div>
  );
}
