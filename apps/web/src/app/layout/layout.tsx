import { Outlet } from 'react-router';
import { ChatLink } from './chat-link.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { MobileBar } from './mobile-bar.js';
import { ScrollToTop } from './scroll-to-top.js';
import { TestShopBanner } from './test-shop-banner.js';
import { useLayoutText } from './layout-i18n.js';

/** The frame of every page: header, the page itself, footer and the floating links. */
export function Layout() {
  const t = useLayoutText();
  return (
    <>
      <ScrollToTop />
      <a href="#main" className="visually-hidden-focusable skip-link">
        {t('layout.skipToContent')}
      </a>
      <TestShopBanner />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ChatLink />
      <MobileBar />
    </>
  );
}
