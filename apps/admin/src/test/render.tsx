import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.js';

/**
 * Renders `ui` as the back office does, inside a query client of its own, so no answer is
 * shared between tests. Answers the client too, for a test that looks into its cache.
 */
export function renderWithQueries(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...render(ui, { ...options, wrapper }) };
}
