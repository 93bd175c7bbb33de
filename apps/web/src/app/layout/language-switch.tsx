import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  pathInLocale,
  shopLocale,
  type Locale,
} from '@shop/shared';
import { isAccountUser, saveLocale } from '../../features/accounts/index.js';
import { browserWindow } from '../../lib/browser-window.js';
import { useLocale } from '../../lib/i18n.js';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { useLayoutText } from './layout-i18n.js';

/** Remembers the shopper's choice, so a later visit to the bare `/` opens in that language. */
function rememberLocale(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * The same page, path and query, in the other language. A plain link, so the new page loads
 * whole with its own catalogue, and a crawler follows it to the other language's page. A
 * signed-in shopper's account keeps the choice too, for their mails (issue 31.9).
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useLayoutText();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => isAccountUser(state.session.userInfo));
  const other: Locale = locale === shopLocale ? 'en' : shopLocale;
  const href = `${pathInLocale(other, pathname)}${search}`;
  const switchLanguage = (event: MouseEvent<HTMLAnchorElement>) => {
    rememberLocale(other);
    if (!signedIn) return;
    const save = dispatch(saveLocale(other));
    // A click that opens another tab leaves this page, and its call, running.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    // Leaving the page at once would cancel the call.
    event.preventDefault();
    void save.then(() => browserWindow.assign(href));
  };
  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      className={`language-switch ${className}`.trim()}
      onClick={switchLanguage}
    >
      {t(other === 'en' ? 'language.en' : 'language.nb')}
    </a>
  );
}
