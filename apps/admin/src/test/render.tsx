import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { Locale } from '@shop/shared';
import type { ReactElement, ReactNode } from 'react';
import { LanguageProvider } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';

/**
 * Renders `ui` as the back office does, inside a query client of its own, so no answer is
 * shared between tests, in English (the spec's words) unless `locale` asks for another
 * language. Answers the client too, for a test that looks into its cache.
 */
export function renderWithQueries(
  ui: ReactElement,
  { locale = 'en', ...options }: Omit<RenderOptions, 'wrapper'> & { locale?: Locale } = {},
) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LanguageProvider locale={locale}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </LanguageProvider>
  );
  return { client, ...render(ui, { ...options, wrapper }) };
}
