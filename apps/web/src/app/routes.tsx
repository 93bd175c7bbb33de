import { useEffect, type ComponentType } from 'react';
import { matchRoutes, Route, Routes, useLocation, type Params } from 'react-router';
import {
  AccountPage,
  ForgotPasswordPage,
  LoginPage,
  ResetPasswordPage,
  VerifyPage,
} from '../features/accounts/index.js';
import { BuyNowCartPage, CartPage } from '../features/cart/index.js';
import {
  CategoryPage,
  HomePage,
  MobileCategoriesPage,
  ProductPage,
  ProductPreviewPage,
  SearchPage,
} from '../features/catalog/index.js';
import {
  BuyNowCheckoutPage,
  BuyNowShippingPage,
  CheckoutPage,
  ShippingPage,
  VippsReturnPage,
} from '../features/checkout/index.js';
import { CleaningPage } from '../features/cleaning/index.js';
import {
  AboutPage,
  DeliveryPage,
  MorePage,
  PrivacyPage,
  RefundPage,
  ReturnPage,
  TermsPage,
} from '../features/content/index.js';
import { OrdersPage } from '../features/orders/index.js';
import { MyReviewsPage } from '../features/reviews/index.js';
import { lazyPage, type PreloadablePage } from '../lib/server-page.js';
import { Layout } from './layout/layout.js';
import { useLayoutText } from './layout/layout-i18n.js';
import { RoutePage } from './route-error-boundary.js';

// Every page is lazy (the features' index.ts files), one chunk per route, so the first load
// stays small.
const NotFoundPage = lazyPage(() => import('../components/ui/not-found-page.js'));

const routes: [path: string, Component: ComponentType][] = [
  ['/', HomePage],
  ['/category/:slug', CategoryPage],
  ['/product/:slug', ProductPage],
  ['/preview/:token', ProductPreviewPage],
  ['/search', SearchPage],
  ['/mobcat', MobileCategoriesPage],
  ['/cart', CartPage],
  ['/cart/buy-now', BuyNowCartPage],
  ['/shipping', ShippingPage],
  ['/shipping/buy-now', BuyNowShippingPage],
  ['/checkout', CheckoutPage],
  ['/checkout/buy-now', BuyNowCheckoutPage],
  ['/checkout/vipps', VippsReturnPage],
  ['/login', LoginPage],
  ['/forgot-password', ForgotPasswordPage],
  ['/forgot-password/:token', ResetPasswordPage],
  ['/verify/:id/:token', VerifyPage],
  ['/account', AccountPage],
  ['/orders', OrdersPage],
  ['/reviews', MyReviewsPage],
  ['/more', MorePage],
  ['/about', AboutPage],
  ['/cleaning', CleaningPage],
  ['/terms-conditions', TermsPage],
  ['/refund', RefundPage],
  ['/return', ReturnPage],
  ['/privacy', PrivacyPage],
  ['/delivery-terms-conditions', DeliveryPage],
  ['*', NotFoundPage],
];

const routeObjects = routes.map(([path]) => ({ path }));

/**
 * The page the server renders for a path (issue 15), with the route's params: the pages people
 * arrive on from outside, and the not-found page. Undefined for the rest (the cart, checkout,
 * the account…), which the browser renders alone.
 */
export function serverRenderedPage(
  pathname: string,
): { page: PreloadablePage; params: Params } | undefined {
  const match = matchRoutes(routeObjects, pathname)?.at(-1);
  const Component = routes.find(([path]) => path === match?.route.path)?.[1];
  if (!match || !Component || !('preload' in Component)) return undefined;
  return { page: Component as PreloadablePage, params: match.params };
}

/**
 * The description of a page the browser renders alone: the built page's is in one language, so
 * the shop's own in the page's language takes its place (issue 31.3). A page the server renders
 * keeps the one it was given; each page sets its own title.
 */
function BrowserPageDescription() {
  const t = useLayoutText();
  const browserOnly = serverRenderedPage(useLocation().pathname) === undefined;
  const description = t('layout.head.description');
  useEffect(() => {
    if (!browserOnly) return;
    let meta = document.head.querySelector('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.setAttribute('name', 'description');
      document.head.append(meta);
    }
    meta.setAttribute('content', description);
  }, [browserOnly, description]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <BrowserPageDescription />
      <Routes>
        <Route element={<Layout />}>
          {routes.map(([path, Component]) => (
            <Route key={path} path={path} element={<RoutePage page={Component} />} />
          ))}
        </Route>
      </Routes>
    </>
  );
}
