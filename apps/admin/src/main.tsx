import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/routes.js';
import { ConfirmProvider } from './components/confirm.js';
import { ToastProvider } from './components/toasts.js';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <ToastProvider>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </ToastProvider>
    </StrictMode>,
  );
