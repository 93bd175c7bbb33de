import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import NotFoundPage from './not-found-page.js';

describe('not-found page', () => {
  it('NOTFOUND-02 shows an image that links to /', () => {
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <NotFoundPage />
      </MemoryRouter>,
    );
    const image = screen.getByRole('img', { name: 'Page not found – go to the home page' });
    expect(image.getAttribute('src')).toBe('/not-found.svg');
    const link = screen.getByRole('link', { name: 'Page not found – go to the home page' });
    expect(link.getAttribute('href')).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(document.title).toBe('Page not found');
  });
});
