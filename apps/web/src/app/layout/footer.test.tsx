import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopSettingDefaults, type Locale, type ShopDetails } from '@shop/shared';
import { renderWithShop, stubApi } from '../../features/catalog/catalog-test-kit.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { setPageLocale } from '../../lib/api-client.js';
import {
  servedShop,
  shopDetailsAnswer,
  shopDetailsByLanguage,
} from '../../test/shop-details-answer.js';
import { Footer } from './footer.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setPageLocale(() => undefined);
});

const footer = () => screen.getByRole('contentinfo');

/** Renders the footer with the shop details `GET /api/shop` answers, and waits for them. */
async function renderFooter(changes: Partial<ShopDetails> = {}) {
  stubApi(shopDetailsAnswer(changes));
  renderWithShop(<Footer />);
  const name = changes.name ?? servedShop.name;
  return within(footer()).findByRole('region', { name: `About ${name}` });
}

const paymentLogos = () =>
  within(screen.getByRole('list', { name: 'Accepted payment methods' })).getAllByRole('img');
const socialLinks = () =>
  within(screen.getByRole('list', { name: 'Social media' })).getAllByRole('link');

describe('Footer', () => {
  it('GLOB-18 shows an About blurb', async () => {
    const about = await renderFooter();
    expect(about.textContent).toMatch(/Norwegian trading company/);
    expect(about.textContent).toContain(servedShop.about);
  });

  it('GLOB-19 the Links list holds exactly the six pages', async () => {
    await renderFooter();
    const links = within(within(footer()).getByRole('region', { name: 'Links' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Cleaning Facilities', '/cleaning'],
      ['About Us', '/about'],
      ['Terms & Conditions', '/terms-conditions'],
      ['Privacy Policy', '/privacy'],
      ['Return Policy', '/return'],
      ['Delivery Terms and Condition', '/delivery-terms-conditions'],
    ]);
  });

  it('GLOB-20 shows customer support location, phone and e-mail', async () => {
    await renderFooter();
    const support = within(footer()).getByRole('region', { name: 'Customer Support' });
    expect(support.textContent).toContain('Storgata 12, 0155 Oslo, Norway');
    expect(within(support).getByRole('link', { name: servedShop.phone }).getAttribute('href')).toBe(
      'tel:+4722123456',
    );
    expect(within(support).getByRole('link', { name: servedShop.email }).getAttribute('href')).toBe(
      `mailto:${servedShop.email}`,
    );
  });

  it('GLOB-18 GLOB-20 GLOB-23 GLOB-25 shows the name, blurb, address, phone, e-mail and organisation number the server answers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    const about = await renderFooter({
      name: 'Fjordhandel',
      about: 'Wool and honey from the fjords.',
      organisationNumber: '987654321',
      phone: '+47 400 00 001',
      email: 'hei@fjordhandel.no',
      street: 'Kongens gate 5',
      postalCode: '7011',
      city: 'Trondheim',
    });
    expect(about.textContent).toContain('Wool and honey from the fjords.');
    const support = within(footer()).getByRole('region', { name: 'Customer Support' });
    expect(support.textContent).toContain('Kongens gate 5, 7011 Trondheim, Norway');
    expect(within(support).getByRole('link', { name: '+47 400 00 001' }).getAttribute('href')).toBe(
      'tel:+4740000001',
    );
    expect(
      within(support).getByRole('link', { name: 'hei@fjordhandel.no' }).getAttribute('href'),
    ).toBe('mailto:hei@fjordhandel.no');
    expect(within(footer()).getByText('Org. nr. 987 654 321')).toBeTruthy();
    expect(within(footer()).getByText('© 2031 Fjordhandel. All rights reserved.')).toBeTruthy();
    expect(footer().textContent).not.toContain(servedShop.name);
  });

  it('GLOB-21 shows download links for the app in two app stores', async () => {
    await renderFooter();
    const appStore = screen.getByRole('link', { name: 'Download on the App Store' });
    const googlePlay = screen.getByRole('link', { name: 'Get it on Google Play' });
    expect(appStore.getAttribute('href')).toBe(servedShop.appStoreUrl);
    expect(googlePlay.getAttribute('href')).toBe(servedShop.googlePlayUrl);
    expect(appStore.getAttribute('href')).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(googlePlay.getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
  });

  it('GLOB-21 leaves out the badge of an app store the shop has no link for', async () => {
    await renderFooter({ appStoreUrl: '' });
    expect(screen.queryByRole('link', { name: 'Download on the App Store' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toBe(
      servedShop.googlePlayUrl,
    );
  });

  it('GLOB-22 shows social media links', async () => {
    await renderFooter();
    const social = socialLinks();
    expect(social.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Facebook',
      'Instagram',
      'YouTube',
    ]);
    expect(social.map((link) => link.getAttribute('href'))).toEqual([
      servedShop.facebookUrl,
      servedShop.instagramUrl,
      servedShop.youtubeUrl,
    ]);
    for (const link of social) expect(link.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('GLOB-22 leaves out the icon of a social network whose link is empty', async () => {
    await renderFooter({
      instagramUrl: '',
      facebookUrl: 'https://www.facebook.com/fjordhandel',
    });
    expect(
      socialLinks().map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
    ).toEqual([
      ['Facebook', 'https://www.facebook.com/fjordhandel'],
      ['YouTube', servedShop.youtubeUrl],
    ]);
  });

  it('GLOB-23 shows the organisation number in Norwegian format', async () => {
    await renderFooter();
    expect(within(footer()).getByText(/^Org\. nr\. \d{3} \d{3} \d{3}$/)).toBeTruthy();
    expect(within(footer()).getByText('Org. nr. 923 456 789')).toBeTruthy();
  });

  it('GLOB-24 shows card brands, the Norwegian payment network and others', async () => {
    await renderFooter();
    const logos = paymentLogos();
    const names = logos.map((logo) => logo.getAttribute('alt'));
    expect(names).toEqual(expect.arrayContaining(['Visa', 'Mastercard', 'Vipps', 'Klarna']));
    for (const logo of logos) expect(logo.getAttribute('src')).toMatch(/^\/payment\/.+\.svg$/);
  });

  it('GLOB-24 shows only the logos of the payment methods the shop accepts', async () => {
    await renderFooter({ paymentMethods: ['visa', 'vipps'] });
    expect(
      paymentLogos().map((logo) => [logo.getAttribute('alt'), logo.getAttribute('src')]),
    ).toEqual([
      ['Visa', '/payment/visa.svg'],
      ['Vipps', '/payment/vipps.svg'],
    ]);
    expect(screen.queryByRole('img', { name: 'Klarna' })).toBeNull();
  });

  it('GLOB-25 shows a copyright line with the current year from the clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    await renderFooter();
    expect(within(footer()).getByText(/^© 2031 /)).toBeTruthy();
  });
});

describe('the footer’s About text in the page’s language (issue 31)', () => {
  const stored = {
    ...shopSettingDefaults.shopDetails,
    about: 'Ull og honning fra fjordene.',
    aboutEn: 'Wool and honey from the fjords.',
  };

  it.each<[Locale, string, string]>([
    ['en', `About ${stored.name}`, 'Wool and honey from the fjords.'],
    ['nb', `Om ${stored.name}`, 'Ull og honning fra fjordene.'],
  ])(
    'on a page in %s shows the shop’s own words in that language',
    async (locale, region, about) => {
      setPageLocale(() => locale);
      stubApi(shopDetailsByLanguage(stored));
      renderWithShop(<Footer />, { i18n: await loadLanguage(locale) });
      const shown = await within(footer()).findByRole('region', { name: region });
      expect(await within(shown).findByText(about)).toBeTruthy();
    },
  );
});
