import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productCard, renderWithShop, stubApi } from './catalog-test-kit.js';
import SearchPage from './search-page.js';

describe('Search page', () => {
  it('SEARCH-01 SEARCH-02 SEARCH-03 shows "search results for" the term and the matching products', async () => {
    const calls = stubApi({
      'GET /api/products/website': { products: [productCard({ name: 'Acacia Honey' })] },
    });
    renderWithShop(<SearchPage />, { url: '/search', state: { keyword: 'honey' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('search results for honey');
    expect(await screen.findByRole('heading', { name: 'Acacia Honey' })).toBeTruthy();
    const search = calls.find((call) => call.path === '/api/products/website');
    expect(search?.query.get('keyword')).toBe('honey');
  });

  it('SEARCH-04 ERR-31 shows an empty state when nothing matches', async () => {
    stubApi({ 'GET /api/products/website': { products: [] } });
    renderWithShop(<SearchPage />, { url: '/search', state: { keyword: 'zzz' } });
    expect(await screen.findByText('No products match your search.')).toBeTruthy();
  });

  it('SEARCH-04 a reload without navigation state shows an empty state and makes no request', () => {
    const calls = stubApi({});
    renderWithShop(<SearchPage />, { url: '/search' });
    expect(screen.getByText('Type a keyword in the search box to find products.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/products/website')).toEqual([]);
  });

  it('SEARCH-01 reads the term from ?q=, so Back, a reload and a shared link show the results (issue 10.8)', async () => {
    const calls = stubApi({
      'GET /api/products/website': { products: [productCard({ name: 'Heather Honey' })] },
    });
    renderWithShop(<SearchPage />, { url: '/search?q=heather' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'search results for heather',
    );
    expect(await screen.findByRole('heading', { name: 'Heather Honey' })).toBeTruthy();
    const search = calls.find((call) => call.path === '/api/products/website');
    expect(search?.query.get('keyword')).toBe('heather');
  });
});
