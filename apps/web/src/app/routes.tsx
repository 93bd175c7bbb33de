import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from '../components/layout/layout.js';
import { PageSpinner } from '../components/ui/page-spinner.js';

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

// One chunk per route keeps the first load small.
const HomePage = page(() => import('../features/catalog/home-page.js'));
const CategoryPage = page(() => import('../features/catalog/category-page.js'));
const ProductPage = page(() => import('../features/catalog/product-detail/product-page.js'));
const SearchPage = page(() => import('../features/catalog/search-page.js'));
const MobileCategoriesPage = page(() => import('../features/catalog/mobile-categories-page.js'));
const CartPage = page(() => import('../features/cart/cart-page.js'));
const BuyNowCartPage = page(() =>
  import('../features/cart/cart-page.js').then((module) => ({ default: module.BuyNowCartPage })),
);
const ShippingPage = page(() => import('../features/checkout/shipping-page.js'));
const BuyNowShippingPage = page(() =>
  import('../features/checkout/shipping-page.js').then((module) => ({
    default: module.BuyNowShippingPage,
  })),
);
const CheckoutPage = page(() => import('../features/checkout/checkout-page.js'));
const BuyNowCheckoutPage = page(() =>
  import('../features/checkout/checkout-page.js').then((module) => ({
    default: module.BuyNowCheckoutPage,
  })),
);
const OrdersPage = page(() => import('../features/orders/orders-page.js'));
const MyReviewsPage = page(() => import('../features/reviews/my-reviews-page.js'));
const LoginPage = page(() => import('../features/accounts/login-page.js'));
const ForgotPasswordPage = page(() => import('../features/accounts/forgot-password-page.js'));
const ResetPasswordPage = page(() => import('../features/accounts/reset-password-page.js'));
const VerifyPage = page(() => import('../features/accounts/verify-page.js'));
const AccountPage = page(() => import('../features/accounts/account-page.js'));
const MorePage = page(() => import('../features/content/more-page.js'));
const AboutPage = page(() => import('../features/content/about-page.js'));
const CleaningPage = page(() => import('../features/cleaning/cleaning-page.js'));
const NotFoundPage = page(() => import('../features/content/not-found-page.js'));
const TermsPage = page(() => import('../features/content/policies/terms-page.js'));
const RefundPage = page(() => import('../features/content/policies/refund-page.js'));
const ReturnPage = page(() => import('../features/content/policies/return-page.js'));
const PrivacyPage = page(() => import('../features/content/policies/privacy-page.js'));
const DeliveryPage = page(() => import('../features/content/policies/delivery-page.js'));

const routes: [path: string, Component: Page][] = [
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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {routes.map(([path, Component]) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<PageSpinner />}>
                <Component />
              </Suspense>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}
