import { lazy, type ComponentType } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserWindow } from '../lib/browser-window.js';
import { isChunkLoadError, RoutePage } from './route-error-boundary.js';

/** A route as app/routes.tsx builds it, with a link outside it as the header has. */
function renderRoute(Page: ComponentType, url = '/page') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Link to="/product/fine">Elsewhere</Link>
      <Routes>
        {['/page', '/product/:slug'].map((path) => (
          <Route key={path} path={path} element={<RoutePage page={Page} />} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}

// Chromium's wording when a chunk named by the old build is gone after a deploy.
const chunkGone = new TypeError(
  'Failed to fetch dynamically imported module: http://shop.test/assets/cart-page-Dx1.js',
);

describe('the error boundary around the routes', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    reload = vi.spyOn(browserWindow, 'reload').mockImplementation(() => undefined);
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers a reload when a lazy page cannot be loaded after a deploy', async () => {
    const MissingPage = lazy(() => Promise.reject(chunkGone));
    renderRoute(MissingPage);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The shop may have been updated. Reload the page to get the latest version.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(consoleError).toHaveBeenCalledWith('A page failed to render', chunkGone);
  });

  it('shows a general message with the same reload when a page fails to render', () => {
    function BrokenPage(): never {
      throw new Error('Cannot read properties of undefined');
    }
    renderRoute(BrokenPage);

    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText('This page ran into a problem. Reload the page to try again.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('gives way to the next page the shopper opens', async () => {
    function ProductPage() {
      const { slug } = useParams();
      if (slug === 'broken') throw new Error('Broken product');
      return <h1>Product {slug}</h1>;
    }
    renderRoute(ProductPage, '/product/broken');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));

    expect(await screen.findByRole('heading', { name: 'Product fine' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it.each([
    [chunkGone, true],
    [new TypeError('error loading dynamically imported module: /assets/x.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/cart-page.css'), true],
    [new Error('Broken product'), false],
    ['not an error', false],
  ])('tells a chunk that did not load (%s) from other failures', (error, chunk) => {
    expect(isChunkLoadError(error)).toBe(chunk);
  });
});
