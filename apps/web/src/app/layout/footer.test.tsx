import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '../../features/catalog/catalog-test-kit.js';
import { Footer } from './footer.js';
import { shopContact } from '../../lib/shop-contact.js';

afterEach(() => {
  vi.useRealTimers();
});

const footer = () => screen.getByRole('contentinfo');

describe('Footer', () => {
  it('GLOB-18 shows an About blurb', () => {
    renderWithShop(<Footer />);
    const about = within(footer()).getByRole('region', { name: `About ${shopContact.name}` });
    expect(about.textContent).toMatch(/Norwegian trading company/);
  });

  it('GLOB-19 the Links list holds exactly the six pages', () => {
    renderWithShop(<Footer />);
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

  it('GLOB-20 shows customer support location, phone and e-mail', () => {
    renderWithShop(<Footer />);
    const support = within(footer()).getByRole('region', { name: 'Customer Support' });
    expect(support.textContent).toContain('Norway');
    expect(
      within(support).getByRole('link', { name: shopContact.phone }).getAttribute('href'),
    ).toBe(shopContact.phoneHref);
    expect(
      within(support).getByRole('link', { name: shopContact.email }).getAttribute('href'),
    ).toBe(`mailto:${shopContact.email}`);
  });

  it('GLOB-21 shows download links for the app in two app stores', () => {
    renderWithShop(<Footer />);
    const appStore = screen.getByRole('link', { name: 'Download on the App Store' });
    const googlePlay = screen.getByRole('link', { name: 'Get it on Google Play' });
    expect(appStore.getAttribute('href')).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(googlePlay.getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
  });

  it('GLOB-22 shows social media links', () => {
    renderWithShop(<Footer />);
    const social = within(screen.getByRole('list', { name: 'Social media' })).getAllByRole('link');
    expect(social.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Facebook',
      'Instagram',
      'YouTube',
    ]);
    for (const link of social) expect(link.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('GLOB-23 shows the organisation number in Norwegian format', () => {
    renderWithShop(<Footer />);
    expect(within(footer()).getByText(/^Org\. nr\. \d{3} \d{3} \d{3}$/)).toBeTruthy();
  });

  it('GLOB-24 shows card brands, the Norwegian payment network and others', () => {
    renderWithShop(<Footer />);
    const logos = within(
      screen.getByRole('list', { name: 'Accepted payment methods' }),
    ).getAllByRole('img');
    const names = logos.map((logo) => logo.getAttribute('alt'));
    expect(names).toEqual(expect.arrayContaining(['Visa', 'Mastercard', 'Vipps', 'Klarna']));
    for (const logo of logos) expect(logo.getAttribute('src')).toMatch(/^\/payment\/.+\.svg$/);
  });

  it('GLOB-25 shows a copyright line with the current year from the clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    renderWithShop(<Footer />);
    expect(within(footer()).getByText(/^© 2031 /)).toBeTruthy();
  });
});
