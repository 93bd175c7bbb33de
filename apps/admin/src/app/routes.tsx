import { lazy, Suspense, type ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { InvitationPage } from '../features/invitation/invitation-page.js';
import { LoginPage } from '../features/login/login-page.js';
import { useT } from '../lib/i18n.js';
import { useSession } from '../lib/use-session.js';
import { Shell } from './shell.js';

function Loading() {
  const t = useT();
  return (
    <div className="d-flex justify-content-center p-5">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{t('common.loading')}</span>
      </Spinner>
    </div>
  );
}

function PageMissing() {
  const t = useT();
  return <p>{t('common.pageMissing')}</p>;
}

/** Pages are loaded when first opened, so the login page comes quickly. */
function page(load: () => Promise<{ default: () => ReactNode }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

function RequireSession() {
  return useSession() ? <Outlet /> : <Navigate to="/login" replace />;
}

function OwnerOnly() {
  const t = useT();
  return useSession()?.role === 'owner' ? (
    <Outlet />
  ) : (
    <div className="alert alert-warning" role="alert">
      {t('common.ownerOnly')}
    </div>
  );
}

export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    { path: '/invitation/:token', element: <InvitationPage /> },
    {
      element: <RequireSession />,
      children: [
        // Printed on paper: no navigation bar around it.
        {
          path: 'orders/:orderId/print/:document',
          element: page(() => import('../features/orders/order-print-page.js')),
        },
        {
          element: <Shell />,
          children: [
            { index: true, element: <Navigate to="/dashboard" replace /> },
            {
              path: 'dashboard',
              element: page(() => import('../features/dashboard/dashboard-page.js')),
            },
            { path: 'orders', element: page(() => import('../features/orders/orders-page.js')) },
            {
              path: 'orders/:orderId',
              element: page(() => import('../features/orders/order-page.js')),
            },
            {
              path: 'customers',
              element: page(() => import('../features/customers/customers-page.js')),
            },
            {
              path: 'customers/:customerId',
              element: page(() => import('../features/customers/customer-page.js')),
            },
            { path: 'reviews', element: page(() => import('../features/reviews/reviews-page.js')) },
            {
              path: 'enquiries',
              element: page(() => import('../features/enquiries/enquiries-page.js')),
            },
            {
              path: 'enquiries/:enquiryId',
              element: page(() => import('../features/enquiries/enquiry-page.js')),
            },
            {
              path: 'products',
              element: page(() => import('../features/products/products-page.js')),
            },
            {
              path: 'products/import',
              element: page(() => import('../features/products/products-import-page.js')),
            },
            {
              path: 'products/new',
              element: page(() => import('../features/products/product-editor-page.js')),
            },
            {
              path: 'products/:productId',
              element: page(() => import('../features/products/product-editor-page.js')),
            },
            {
              path: 'categories',
              element: page(() => import('../features/categories/categories-page.js')),
            },
            {
              path: 'inventory',
              element: page(() => import('../features/inventory/inventory-page.js')),
            },
            {
              path: 'content/slides',
              element: page(() => import('../features/content/slides-page.js')),
            },
            {
              path: 'content/campaigns',
              element: page(() => import('../features/content/campaigns-page.js')),
            },
            {
              path: 'content/best-sellers',
              element: page(() => import('../features/content/best-sellers-page.js')),
            },
            {
              path: 'content/cleaning',
              element: page(() => import('../features/content/cleaning-page.js')),
            },
            {
              path: 'content/pages',
              element: page(() => import('../features/content/pages-page.js')),
            },
            {
              path: 'content/pages/:slug',
              element: page(() => import('../features/content/page-editor-page.js')),
            },
            {
              element: <OwnerOnly />,
              children: [
                {
                  path: 'promotions/coupons',
                  element: page(() => import('../features/promotions/coupons-page.js')),
                },
                {
                  path: 'promotions/coupons/:couponId',
                  element: page(() => import('../features/promotions/coupon-page.js')),
                },
                {
                  path: 'promotions/sales',
                  element: page(() => import('../features/promotions/sales-page.js')),
                },
                {
                  path: 'promotions/sales/:saleId',
                  element: page(() => import('../features/promotions/sale-page.js')),
                },
                {
                  path: 'shipping/zones',
                  element: page(() => import('../features/shipping/zones-page.js')),
                },
                {
                  path: 'shipping/postal-codes',
                  element: page(() => import('../features/shipping/postal-codes-page.js')),
                },
                {
                  path: 'settings',
                  element: page(() => import('../features/settings/settings-page.js')),
                },
                {
                  path: 'settings/exchange-rates',
                  element: page(() => import('../features/settings/exchange-rates-page.js')),
                },
                { path: 'staff', element: page(() => import('../features/staff/staff-page.js')) },
                { path: 'audit', element: page(() => import('../features/audit/audit-page.js')) },
                {
                  path: 'accounting',
                  element: page(() => import('../features/accounting/accounting-page.js')),
                },
              ],
            },
            { path: '*', element: <PageMissing /> },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);
