import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ethnicWear, garments, honey, renderWithShop, saree, stubApi } from './catalog-test-kit.js';
import MobileCategoriesPage from './mobile-categories-page.js';

beforeEach(() => {
  stubApi({});
});

describe('Mobile categories page', () => {
  it('MOBCAT-01 shows an accordion with every category', async () => {
    renderWithShop(<MobileCategoriesPage />, { url: '/mobcat' });
    expect(await screen.findByRole('button', { name: 'Garments' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Honey' })).toBeTruthy();
  });

  it('MOBCAT-02 opening a category shows its sub-categories, and a sub-category its sub-sub-categories', async () => {
    renderWithShop(<MobileCategoriesPage />, { url: '/mobcat' });
    const garmentsButton = await screen.findByRole('button', { name: 'Garments' });
    expect(garmentsButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(garmentsButton);
    expect(garmentsButton.getAttribute('aria-expanded')).toBe('true');
    const ethnic = screen.getByRole('button', { name: 'Ethnic Wear' });
    expect(screen.getByRole('link', { name: 'Western Wear' })).toBeTruthy();
    fireEvent.click(ethnic);
    expect(ethnic.getAttribute('aria-expanded')).toBe('true');
    const body = ethnic.closest('.accordion-item');
    if (!body) throw new Error('The sub-category has no accordion item');
    expect(
      within(body as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All Ethnic Wear', 'Kurta', 'Saree']);
  });

  it('MOBCAT-03 each entry links to /category/{slug} with navigation state', async () => {
    const { location } = renderWithShop(<MobileCategoriesPage />, { url: '/mobcat' });
    fireEvent.click(await screen.findByRole('button', { name: 'Garments' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ethnic Wear' }));
    fireEvent.click(screen.getByRole('link', { name: 'Saree' }));
    expect(location()).toEqual({
      pathname: '/category/saree',
      state: {
        id: garments._id,
        sub: { _id: ethnicWear._id, name: ethnicWear.name },
        sub2: { _id: saree._id, name: saree.name },
      },
    });
  });

  it('MOBCAT-03 a category entry carries the category id', async () => {
    const { location } = renderWithShop(<MobileCategoriesPage />, { url: '/mobcat' });
    fireEvent.click(await screen.findByRole('button', { name: 'Honey' }));
    fireEvent.click(screen.getByRole('link', { name: 'All Honey' }));
    expect(location()).toEqual({ pathname: '/category/honey', state: { id: honey._id } });
  });
});
