import { NavLink } from 'react-router';
import { CartIcon, GridIcon, HomeIcon, MoreIcon } from '../../components/ui/icons.js';
import { RichText } from '../../lib/i18n.js';
import { useCartCount } from './use-cart-count.js';
import { useLayoutText } from './layout-i18n.js';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `mobile-bar__link${isActive ? ' mobile-bar__link--active' : ''}`;

/** The bottom navigation on phones (GLOB-15..17); hidden from the md breakpoint up. */
export function MobileBar() {
  const cartCount = useCartCount();
  const t = useLayoutText();
  return (
    <nav className="mobile-bar d-md-none" aria-label={t('layout.mobile.label')}>
      <NavLink to="/" end className={navClass}>
        <HomeIcon />
        <span>{t('layout.mobile.home')}</span>
      </NavLink>
      <NavLink to="/mobcat" className={navClass}>
        <GridIcon />
        <span>{t('layout.mobile.categories')}</span>
      </NavLink>
      <NavLink to="/cart" className={navClass}>
        <span className="position-relative">
          <CartIcon />
          {cartCount > 0 && (
            <span className="cart-count cart-count--small" aria-hidden="true">
              {cartCount}
            </span>
          )}
        </span>
        <span>{t('layout.mobile.cart')}</span>
      </NavLink>
      <NavLink to="/more" className={navClass}>
        <MoreIcon />
        {/* 'More' alone says nothing of where the link goes, to a screen reader or a search engine. */}
        <span>
          <RichText
            id="layout.mobile.more"
            components={{ 0: <span className="visually-hidden" /> }}
          />
        </span>
      </NavLink>
    </nav>
  );
}
