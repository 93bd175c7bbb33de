import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import {
  entryKey,
  persistScroll,
  rememberScroll,
  rememberedScroll,
  restoreScroll,
} from './scroll-memory.js';

/**
 * Every page opens at its top (GLOB-26); Back, Forward and a reload return to where that entry
 * was scrolled to. A replace on the same page (a listing's sort or filter) leaves the scroll.
 */
export function ScrollToTop() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', persistScroll);
    return () => window.removeEventListener('pagehide', persistScroll);
  }, []);

  // Booked on every scroll, and once more on the click or Back that leaves the entry (before the
  // router acts on it), in case that scroll has not been reported yet. Swapped before the
  // browser paints the next entry, so the next entry's scrolling is never booked here.
  useLayoutEffect(() => {
    const entry = entryKey();
    const remember = () => rememberScroll(entry, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('click', remember, { capture: true });
    window.addEventListener('popstate', remember, { capture: true });
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('click', remember, { capture: true });
      window.removeEventListener('popstate', remember, { capture: true });
      persistScroll();
    };
  }, [key]);

  useEffect(() => {
    const samePage = shownPath.current === pathname;
    shownPath.current = pathname;
    const remembered = navigationType === 'POP' ? rememberedScroll(entryKey()) : undefined;
    if (remembered !== undefined) return restoreScroll(remembered);
    if (navigationType === 'REPLACE' && samePage) return;
    // Instant: Bootstrap's smooth scrolling would still be running when the shopper goes Back.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, key, navigationType]);

  return null;
}
