import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/routes.js';
import { ConfirmProvider } from './components/confirm.js';
import { ToastProvider } from './components/toasts.js';
import { LanguageProvider } from './lib/i18n.js';
import { clearOnSignOut, createQueryClient } from './lib/query-client.js';

const queryClient = createQueryClient();
clearOnSignOut(queryClient);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <LanguageProvider>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <ConfirmProvider>
              <RouterProvider router={router} />
            </ConfirmProvider>
          </ToastProvider>
        </QueryClientProvider>
      </LanguageProvider>
    </StrictMode>,
  );
