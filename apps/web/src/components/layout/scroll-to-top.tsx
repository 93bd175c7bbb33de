import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation opens the page at its top (GLOB-26). */
export function ScrollToTop() {
  const { pathname, key } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, key]);
  return null;
}
