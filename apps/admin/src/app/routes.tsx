import { lazy, Suspense, type ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { InvitationPage } from '../features/invitation/invitation-page.js';
import { LoginPage } from '../features/login/login-page.js';
import { useSession } from '../lib/use-session.js';
import { Shell } from './shell.js';

const loading = (
  <div className="d-flex justify-content-center p-5">
    <Spinner animation="border" role="status">
      <span className="visually-hidden">Loading…</span>
    </Spinner>
  </div>
);

/** Pages are loaded when first opened, so the login page comes quickly. */
function page(load: () => Promise<{ default: () => ReactNode }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={loading}>
      <Page />
    </Suspense>
  );
}

function RequireSession() {
  return useSession() ? <Outlet /> : <Navigate to="/login" replace />;
}

function OwnerOnly() {
  return useSession()?.role === 'owner' ? (
    <Outlet />
  ) : (
    <div className="alert alert-warning" role="alert">
      Only the shop owner can open this page.
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
        {
          element: <Shell />,
          children: [
            { index: true, element: <Navigate to="/products" replace /> },
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
              element: <OwnerOnly />,
              children: [
                { path: 'staff', element: page(() => import('../features/staff/staff-page.js')) },
                { path: 'audit', element: page(() => import('../features/audit/audit-page.js')) },
              ],
            },
            { path: '*', element: <p>This page does not exist.</p> },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);
