import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatOrganisationNumber } from '@shop/shared';
import { renderWithShop, stubApi } from '../../features/catalog/catalog-test-kit.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { servedShop, shopDetailsAnswer } from '../../test/shop-details-answer.js';
import { Layout } from './layout.js';

beforeEach(() => {
  stubApi(shopDetailsAnswer());
  vi.stubGlobal('scrollTo', vi.fn());
});

// Issue 31.3: the frame of every page speaks the page's language and leads to the other one.
describe('the frame in bokmål', () => {
  it('says its words in bokmål, with the seller, org.nr. and contact in the footer', async () => {
    renderWithShop(<Layout />, { i18n: await loadLanguage('nb') });
    expect(screen.getByRole('link', { name: 'Hopp til innholdet' })).toBeTruthy();
    const mobileBar = screen.getByRole('navigation', { name: 'Mobilmeny' });
    expect(
      within(mobileBar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Hjem', 'Kategorier', 'Handlekurv', 'Mer: konto, vilkår og om oss']);
    expect(screen.getByRole('link', { name: 'Handlekurv, 0 varer' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('region', { name: `Om ${servedShop.name}` });
    expect(within(footer).getByRole('region', { name: 'Kundeservice' }).textContent).toContain(
      servedShop.email,
    );
    expect(footer.textContent).toContain(
      `Org.nr. ${formatOrganisationNumber(servedShop.organisationNumber)}`,
    );
    expect(footer.textContent).toContain(`${servedShop.name}. Med enerett.`);
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(expect.arrayContaining(['Kjøpsbetingelser', 'Personvern', 'Leveringsbetingelser']));
  });

  it('switches to the same page and query in English, in the header and the footer', async () => {
    renderWithShop(<Layout />, {
      url: '/product/ull-lue?colour=red',
      i18n: await loadLanguage('nb'),
    });
    const switches = screen.getAllByRole('link', { name: 'English' });
    expect(switches.map((link) => link.getAttribute('href'))).toEqual([
      '/en/product/ull-lue?colour=red',
      '/en/product/ull-lue?colour=red',
    ]);
    expect(switches[0]?.getAttribute('hreflang')).toBe('en');
  });

  it('leads an English page back to its Norwegian address and remembers the choice', async () => {
    renderWithShop(<Layout />, { url: '/cart', i18n: await loadLanguage('en') });
    const [toNorwegian] = screen.getAllByRole('link', { name: 'Norsk' });
    expect(toNorwegian?.getAttribute('href')).toBe('/cart');
    toNorwegian?.addEventListener('click', (event) => event.preventDefault());
    toNorwegian?.click();
    expect(document.cookie).toContain('locale=nb');
  });
});
