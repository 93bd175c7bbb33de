import { NavLink } from 'react-router';
import { CartIcon, GridIcon, HomeIcon, MoreIcon } from '../../components/ui/icons.js';
import { useCartCount } from './use-cart-count.js';

export const MORE_PAGE_CONTENTS = 'account, policies and about us';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `mobile-bar__link${isActive ? ' mobile-bar__link--active' : ''}`;

/** The bottom navigation on phones (GLOB-15..17); hidden from the md breakpoint up. */
export function MobileBar() {
  const cartCount = useCartCount();
  return (
    <nav className="mobile-bar d-md-none" aria-label="Mobile">
      <NavLink to="/" end className={navClass}>
        <HomeIcon />
        <span>Home</span>
      </NavLink>
      <NavLink to="/mobcat" className={navClass}>
        <GridIcon />
        <span>Categories</span>
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
        <span>Cart</span>
      </NavLink>
      <NavLink to="/more" className={navClass}>
        <MoreIcon />
        {/* 'More' alone says nothing of where the link goes, to a screen reader or a search engine. */}
        <span>
          More<span className="visually-hidden">: {MORE_PAGE_CONTENTS}</span>
        </span>
      </NavLink>
    </nav>
  );
}
