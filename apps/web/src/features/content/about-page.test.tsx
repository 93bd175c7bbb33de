import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n/catalogues.js';
import { deferred } from '../../test/fetch-stub.js';
import { servedShop } from '../../test/shop-details-answer.js';
import { staticPageAnswer } from '../../test/static-page-answer.js';
import { renderWithShop, stubApi } from '../catalog/catalog-test-kit.js';
import AboutPage from './about-page.js';

const scrollIntoView = vi.fn();

const intro = (shopName: string) =>
  new RegExp(`^${shopName} is a small family-run trading company`);

/** Renders the page and waits for its intro, which names the shop in the server's default. */
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
  stubApi(staticPageAnswer('about'));
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
    // The title is set by an effect, which runs after the page is painted.
    await waitFor(() => expect(document.title).toBe('About us'));
  });

  it('STATIC-06 the default intro opens with the shop name the server writes it with', async () => {
    stubApi(staticPageAnswer('about', { shop: { ...servedShop, name: 'Fjordhandel' } }));
    expect(await renderAbout('Fjordhandel')).toBeTruthy();
    expect(screen.queryByText(intro(servedShop.name))).toBeNull();
  });

  it('STATIC-07 STATIC-08 (issue 14) shows the saved text, its side list made of its h2 headings', async () => {
    stubApi(
      staticPageAnswer('about', {
        title: 'Who we are',
        html:
          '<p>Fjordhandel <em>since 1999</em>.</p>' +
          '<h2>Tea &amp; Coffee</h2><p>Brewed daily.</p><h3>Sourcing</h3><p>Direct.</p>' +
          '<h2>Blåbær</h2><ul><li><p>Wild</p></li></ul>' +
          '<h2>Tea &amp; Coffee</h2><p>Again.</p>',
      }),
    );
    renderWithShop(<AboutPage />, { path: '/about', url: '/about' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Who we are' })).toBeTruthy();
    expect(screen.getByText(/^Fjordhandel/).closest('nav')).toBeNull();
    const list = screen.getByRole('navigation', { name: 'Our services' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Tea & Coffee', '#about-tea-coffee'],
      ['Blåbær', '#about-blabaer'],
      ['Tea & Coffee', '#about-tea-coffee-2'],
    ]);
    const tea = screen.getAllByRole('region', { name: 'Tea & Coffee' });
    expect(tea.map((section) => section.id)).toEqual(['about-tea-coffee', 'about-tea-coffee-2']);
    expect(within(tea[0] as HTMLElement).getByRole('heading', { level: 3 }).textContent).toBe(
      'Sourcing',
    );
    expect(tea[0]?.textContent).toContain('Brewed daily.Sourcing');
    expect(
      within(screen.getByRole('region', { name: 'Blåbær' })).getByRole('listitem'),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Who we are'));
  });

  it('(issue 14) a text without h2 headings has no side list and no Services button', async () => {
    stubApi(staticPageAnswer('about', { html: '<p>Just us.</p>' }));
    renderWithShop(<AboutPage />, { path: '/about', url: '/about' });
    expect(await screen.findByText('Just us.')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    scrollWindowTo(900);
    expect(screen.queryByRole('button', { name: 'Services' })).toBeNull();
  });

  it('(issue 14) shows the spinner until the page has arrived', async () => {
    const page = deferred<unknown>();
    stubApi({ 'GET /api/pages/about': () => page.promise });
    renderWithShop(<AboutPage />, { path: '/about', url: '/about' });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    page.resolve(staticPageAnswer('about')['GET /api/pages/about']);
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
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
    expect(within(list).getByRole('link', { name: 'Honey' }).getAttribute('href')).toBe(
      '#about-honey',
    );
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

  it('names its side list and its button in bokmål on a Norwegian page (issue 31.1)', async () => {
    renderWithShop(<AboutPage />, {
      path: '/about',
      url: '/about',
      i18n: await loadLanguage('nb'),
    });
    await screen.findByText(intro(servedShop.name));
    expect(screen.getByRole('navigation', { name: 'Våre tjenester' })).toBeTruthy();
    scrollWindowTo(401);
    expect(screen.getByRole('button', { name: 'Tjenester' })).toBeTruthy();
  });
});
