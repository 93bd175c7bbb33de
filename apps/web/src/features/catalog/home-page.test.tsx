import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/catalogues.js';
import { productCard, renderWithShop, stubApi, uuid } from './catalog-test-kit.js';
import HomePage from './home-page.js';

const featured = [
  productCard({ name: 'Wildflower Honey', sellingPrice: 1234.5, discount: 10 }),
  productCard({ name: 'Hemp Oil' }),
];
const latest = [productCard({ name: 'Wool Scarf' })];
const campaign = {
  _id: uuid(),
  title: 'Summer Tea Week',
  image: '/campaigns/tea.webp',
  link: '/category/coffee-and-tea',
  products: [productCard({ name: 'Green Tea' })],
};
const slides = [
  { _id: uuid(), image: '/carousel/one.webp', link: '/category/garments' },
  { _id: uuid(), image: '/carousel/two.webp', link: 'https://example.no/offer' },
];

beforeEach(() => {
  stubApi({
    'GET /api/carousel/': { carousel: slides },
    'GET /api/products/featured': featured,
    'GET /api/products/new': latest,
    'GET /api/campaign/': [campaign],
  });
});

const section = (name: string) => screen.getByRole('region', { name });

describe('Home page', () => {
  it('speaks bokmål on a Norwegian page, with prices as kroner (issue 31.1, 31.4)', async () => {
    renderWithShop(<HomePage />, { i18n: await loadLanguage('nb') });
    expect(await screen.findByRole('img', { name: 'Tilbud 1 av 2' })).toBeTruthy();
    const best = section('Bestselgere');
    expect(within(best).getByText('1 234,50 kr')).toBeTruthy();
    expect(within(best).getByText('10 % rabatt')).toBeTruthy();
    expect(section('Nyheter')).toBeTruthy();
    const cleaning = section('Profesjonelle renholdstjenester');
    expect(within(cleaning).getByText('Flyttevask')).toBeTruthy();
    expect(within(cleaning).getByRole('link', { name: 'Se tjenestene' })).toBeTruthy();
    expect(within(cleaning).getByText('års erfaring', { exact: false })).toBeTruthy();
  });

  it('HOME-02 HOME-03 GLOB-28 shows the carousel slides, each linking to its link', async () => {
    renderWithShop(<HomePage />);
    const first = await screen.findByRole('img', { name: 'Offer 1 of 2' });
    expect(first.getAttribute('src')).toBe('/uploads/carousel/one.webp');
    expect(first.closest('a')?.getAttribute('href')).toBe('/category/garments');
    const second = screen.getByRole('img', { name: 'Offer 2 of 2' });
    expect(second.closest('a')?.getAttribute('href')).toBe('https://example.no/offer');
  });

  it('HOME-06 Best Selling Products lists GET /api/products/featured', async () => {
    renderWithShop(<HomePage />);
    await screen.findByText('Wildflower Honey');
    const names = within(section('Best Selling Products'))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Wildflower Honey', 'Hemp Oil']);
  });

  it('HOME-07 Latest Products lists GET /api/products/new', async () => {
    renderWithShop(<HomePage />);
    await screen.findByText('Wool Scarf');
    const names = within(section('Latest Products'))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Wool Scarf']);
  });

  it('HOME-08 shows campaign banners linking to their link, with title and products', async () => {
    renderWithShop(<HomePage />);
    const banner = await screen.findByRole('img', { name: 'Summer Tea Week' });
    expect(banner.closest('a')?.getAttribute('href')).toBe('/category/coffee-and-tea');
    // The box the banner takes before it loads is the demo banners' 3:1.
    expect([banner.getAttribute('width'), banner.getAttribute('height')]).toEqual(['1200', '400']);
    expect(within(section('Summer Tea Week')).getByText('Green Tea')).toBeTruthy();
  });

  it('HOME-09 CONST-44 the cleaning promotion states 5 years of experience', () => {
    renderWithShop(<HomePage />);
    expect(section('Professional cleaning services').textContent).toContain(
      '5 years of experience',
    );
  });

  it('HOME-10 CONST-45 the cleaning promotion states a satisfaction guarantee with a return visit within 48 hours', () => {
    renderWithShop(<HomePage />);
    const text = section('Professional cleaning services').textContent ?? '';
    expect(text).toMatch(/Satisfaction guarantee/);
    expect(text).toMatch(/return within 48\s+hours/);
  });

  it('HOME-11 the cleaning promotion lists cleaning services', () => {
    renderWithShop(<HomePage />);
    const services = within(screen.getByRole('list', { name: 'Cleaning services' })).getAllByRole(
      'listitem',
    );
    expect(services.map((item) => item.textContent)).toContain('House Cleaning');
    expect(services.length).toBeGreaterThanOrEqual(4);
  });

  it('HOME-12 the cleaning promotion has a View Services button to /cleaning', () => {
    renderWithShop(<HomePage />);
    expect(screen.getByRole('link', { name: 'View Services' }).getAttribute('href')).toBe(
      '/cleaning',
    );
  });
});
