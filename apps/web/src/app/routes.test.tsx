import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop, stubApi } from '../features/catalog/catalog-test-kit.js';
import { loadLanguage } from '../i18n/catalogues.js';
import { AppRoutes } from './routes.js';

/** The built page's description, in one language whatever the page's. */
const builtDescription =
  'Garments, handicrafts, honey, coffee and tea, hemp goods and cleaning services from Norway.';
const norwegianDescription =
  'Klær, husflid, honning, kaffe og te, hampvarer og renholdstjenester fra Norge.';

const description = () =>
  document.head.querySelector('meta[name="description"]')?.getAttribute('content');

beforeEach(() => {
  stubApi({});
  vi.stubGlobal('scrollTo', vi.fn());
  document.head.innerHTML = `<meta name="description" content="${builtDescription}" />`;
});

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

// Issue 31.3: a page only the browser renders describes the shop in the page's language.
describe('the description of a page the browser renders alone', () => {
  it('is the shop’s in bokmål on a Norwegian cart, checkout or account page', async () => {
    const i18n = await loadLanguage('nb');
    for (const url of ['/cart', '/checkout', '/account', '/login']) {
      document.head.innerHTML = `<meta name="description" content="${builtDescription}" />`;
      renderWithShop(<AppRoutes />, { url, i18n });
      await waitFor(() => expect(description(), url).toBe(norwegianDescription));
      cleanup();
    }
  });

  it('is added where the page has none, in English on an English page', async () => {
    document.head.innerHTML = '';
    renderWithShop(<AppRoutes />, { url: '/cart', i18n: await loadLanguage('en') });
    await waitFor(() => expect(description()).toBe(builtDescription));
  });

  it('leaves the description the server gave a page it rendered', async () => {
    document.head.innerHTML = '<meta name="description" content="Soft hemp." />';
    renderWithShop(<AppRoutes />, { url: '/product/hemp-t-shirt', i18n: await loadLanguage('nb') });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(description()).toBe('Soft hemp.');
  });
});
