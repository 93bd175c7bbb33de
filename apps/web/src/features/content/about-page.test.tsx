import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { servedShop, shopDetailsAnswer } from '../../test/shop-details-answer.js';
import { renderWithShop, stubApi } from '../catalog/catalog-test-kit.js';
import AboutPage from './about-page.js';

const scrollIntoView = vi.fn();

const intro = (shopName: string) =>
  new RegExp(`^${shopName} is a small family-run trading company`);

/** Renders the page and waits for its intro, which names the shop `GET /api/shop` answers. */
async function renderAbout(shopName = servedShop.name) {
  renderWithShop(<AboutPage />, { path: '/about', url: '/about' });
  return screen.findByText(intro(shopName));
}

function scrollWindowTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  stubApi({});
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

const services = [
  'Ethnic Garments',
  'Western Garments',
  'Handicrafts',
  'Health and Beauty',
  'Herbal Goods',
  'Honey',
  'Coffee and Tea',
  'Hemp Products',
  'Cleaning Services',
];

describe('about page', () => {
  it("STATIC-06 shows 'About us'", async () => {
    await renderAbout();
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(document.title).toBe('About us');
  });

  it('STATIC-06 the intro opens with the shop name the server answers', async () => {
    stubApi(shopDetailsAnswer({ name: 'Fjordhandel' }));
    expect(await renderAbout('Fjordhandel')).toBeTruthy();
    expect(screen.queryByText(intro(servedShop.name))).toBeNull();
  });

  it('STATIC-07 has nine service sections', async () => {
    await renderAbout();
    const sections = services.map((name) => screen.getByRole('region', { name }));
    expect(sections).toHaveLength(9);
    expect(new Set(sections.map((section) => section.id)).size).toBe(9);
  });

  it('STATIC-08 a side list scrolls smoothly to each service section and moves the focus there', async () => {
    await renderAbout();
    const list = screen.getByRole('navigation', { name: 'Our services' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(services);
    fireEvent.click(within(list).getByRole('link', { name: 'Honey' }));
    const honey = screen.getByRole('region', { name: 'Honey' });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(honey);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(honey);
    expect(within(list).getByRole('link', { name: 'Honey' }).getAttribute('href')).toBe('#honey');
  });

  it("STATIC-09 CONST-16 the floating 'Services' button appears only after scrolling more than 400 px", async () => {
    await renderAbout();
    expect(screen.queryByRole('button', { name: 'Services' })).toBeNull();
    scrollWindowTo(400);
    expect(screen.queryByRole('button', { name: 'Services' })).toBeNull();
    scrollWindowTo(401);
    const button = screen.getByRole('button', { name: 'Services' });
    fireEvent.click(button);
    expect(scrollIntoView.mock.contexts[0]).toBe(
      screen.getByRole('navigation', { name: 'Our services' }),
    );
    scrollWindowTo(120);
    expect(screen.queryByRole('button', { name: 'Services' })).toBeNull();
  });
});
