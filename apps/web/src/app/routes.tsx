import { Suspense, type ComponentType } from 'react';
import { matchRoutes, Route, Routes, type Params } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner.js';
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
  SearchPage,
} from '../features/catalog/index.js';
import {
  BuyNowCheckoutPage,
  BuyNowShippingPage,
  CheckoutPage,
  ShippingPage,
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
import { RouteErrorBoundary } from './route-error-boundary.js';

// Every page is lazy (the features' index.ts files), one chunk per route, so the first load
// stays small.
const NotFoundPage = lazyPage(() => import('../components/ui/not-found-page.js'));

const routes: [path: string, Component: ComponentType][] = [
  ['/', HomePage],
  ['/category/:slug', CategoryPage],
  ['/product/:slug', ProductPage],
  ['/search', SearchPage],
  ['/mobcat', MobileCategoriesPage],
  ['/cart', CartPage],
  ['/cart/buy-now', BuyNowCartPage],
  ['/shipping', ShippingPage],
  ['/shipping/buy-now', BuyNowShippingPage],
  ['/checkout', CheckoutPage],
  ['/checkout/buy-now', BuyNowCheckoutPage],
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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {routes.map(([path, Component]) => (
          <Route
            key={path}
            path={path}
            element={
              <RouteErrorBoundary>
                <Suspense fallback={<PageSpinner />}>
                  <Component />
                </Suspense>
              </RouteErrorBoundary>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}
