import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithShop, stubApi } from '../../features/catalog/catalog-test-kit.js';
import { CategoryMenu } from './category-menu.js';

beforeEach(() => {
  stubApi({});
});

const menu = () => screen.getByRole('navigation', { name: 'Categories' });

describe('Category menu', () => {
  it('GLOB-11 shows a skeleton row while the categories load, then the entries (issue 10.3)', async () => {
    renderWithShop(<CategoryMenu />);
    expect(menu().getAttribute('aria-busy')).toBe('true');
    expect(menu().querySelectorAll('.placeholder').length).toBeGreaterThan(0);
    expect(await within(menu()).findByRole('link', { name: 'Garments' })).toBeTruthy();
    expect(menu().querySelectorAll('.placeholder')).toHaveLength(0);
    expect(menu().getAttribute('aria-busy')).toBe('false');
  });

  it('GLOB-13 a navigation from an open sub-menu closes it until the menu is entered again (issue 10.14)', async () => {
    const { location } = renderWithShop(<CategoryMenu />);
    const kurta = await within(menu()).findByRole('link', { name: 'Kurta' });
    kurta.focus();
    fireEvent.click(kurta);
    await waitFor(() => expect(location().pathname).toBe('/category/kurta'));
    await waitFor(() => expect(menu().className).toContain('category-menu--closed'));
    expect(document.activeElement).not.toBe(kurta);
    fireEvent.mouseLeave(menu());
    expect(menu().className).not.toContain('category-menu--closed');
  });

  it('GLOB-13 a navigation made elsewhere leaves the menu as it is (issue 10.14)', async () => {
    const { location } = renderWithShop(
      <>
        <CategoryMenu />
        <Link to="/cart">elsewhere</Link>
      </>,
    );
    await within(menu()).findByRole('link', { name: 'Kurta' });
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    await waitFor(() => expect(location().pathname).toBe('/cart'));
    expect(menu().className).not.toContain('category-menu--closed');
  });
});
