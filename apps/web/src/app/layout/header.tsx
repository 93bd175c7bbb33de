import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppSelector } from '../../lib/store-hooks.js';
import { isAccountUser } from '../../features/accounts/index.js';
import { CountrySelector } from '../../features/currency/index.js';
import { CartIcon, MailIcon, PhoneIcon, SearchIcon, UserIcon } from '../../components/ui/icons.js';
import { CategoryMenu } from './category-menu.js';
import { useShopDetails } from '../../lib/shop-details.js';
import { pathInLocale, telephoneHref } from '@shop/shared';
import { useLocale } from '../../lib/i18n.js';
import { useCartCount } from './use-cart-count.js';
import { LanguageSwitch } from './language-switch.js';
import { useLayoutText } from './layout-i18n.js';

function SearchBox() {
  const t = useLayoutText();
  const locale = useLocale();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  // No minimum length (VAL-09): even an empty search opens the results page. The term goes in
  // the URL as well as in the navigation state (GLOB-05), so Back, a reload or a link keep it.
  const search = () => navigate(`/search?q=${encodeURIComponent(keyword)}`, { state: { keyword } });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      search();
    }
  };
  return (
    // Sent by the browser itself before the page is live (the server renders /search too).
    <form
      role="search"
      action={pathInLocale(locale, '/search')}
      className="header-search"
      onSubmit={onSubmit}
    >
      <input
        type="search"
        name="q"
        className="form-control"
        placeholder={t('layout.header.searchPlaceholder')}
        aria-label={t('layout.header.searchPlaceholder')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn-primary" aria-label={t('layout.header.search')}>
        <SearchIcon />
      </button>
    </form>
  );
}

/** Contact line, brand, currency, search, account and cart links, and the category menu. */
export function Header() {
  const cartCount = useCartCount();
  const user = useAppSelector((state) => state.session.userInfo);
  const signedIn = isAccountUser(user);
  const shop = useShopDetails();
  const t = useLayoutText();
  return (
    <header className="site-header">
      <div className="site-header__top">
        <div className="container d-flex align-items-center gap-2 gap-md-3 py-1">
          <span className="site-header__welcome me-auto">
            {signedIn
              ? t('layout.header.welcomeUser', { name: user.name })
              : t('layout.header.welcomeGuest')}
          </span>
          {shop && (
            <>
              <a
                href={telephoneHref(shop.phone)}
                className="d-none d-sm-inline-flex gap-1 align-items-center"
              >
                <PhoneIcon width={16} height={16} />
                {shop.phone}
              </a>
              <a
                href={`mailto:${shop.email}`}
                className="d-none d-sm-inline-flex gap-1 align-items-center"
              >
                <MailIcon width={16} height={16} />
                {shop.email}
              </a>
            </>
          )}
          <LanguageSwitch />
          <CountrySelector />
        </div>
      </div>
      <div className="container site-header__main">
        <Link
          to="/"
          className="brand"
          aria-label={
            shop ? t('layout.header.shopHome', { shop: shop.name }) : t('layout.header.home')
          }
        >
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{shop?.name}</span>
        </Link>
        <SearchBox />
        <div className="site-header__actions">
          <Link to={signedIn ? '/account' : '/login'} className="header-action">
            <UserIcon />
            <span>{signedIn ? t('layout.header.account') : t('layout.header.login')}</span>
          </Link>
          <Link
            to="/cart"
            className="header-action d-none d-md-inline-flex"
            aria-label={t('layout.header.cartWithCount', { count: cartCount })}
          >
            <span className="position-relative">
              <CartIcon />
              <span className="cart-count" aria-hidden="true">
                {cartCount}
              </span>
            </span>
            <span aria-hidden="true">{t('layout.header.cart')}</span>
          </Link>
        </div>
      </div>
      <CategoryMenu />
    </header>
  );
}
