import { describe, expect, it } from 'vitest';
import { shopSettingDefaults } from './admin-settings.js';
import { defaultStaticPage } from './static-page-defaults.js';
import { staticPageSlugs } from './static-pages.js';

const shop = shopSettingDefaults.shopDetails;
const headings = (html: string) => [...html.matchAll(/<h2>(.*?)<\/h2>/g)].map((match) => match[1]);

describe('the static pages’ default text (issue 14)', () => {
  it('STATIC-06 STATIC-07 About us: the intro names the shop, then nine service headings', () => {
    const about = defaultStaticPage('about', { ...shop, name: 'Fjordhandel' });
    expect(about.title).toBe('About us');
    expect(about.html).toMatch(/^<p>Fjordhandel is a small family-run trading company/);
    expect(headings(about.html)).toEqual([
      'Ethnic Garments',
      'Western Garments',
      'Handicrafts',
      'Health and Beauty',
      'Herbal Goods',
      'Honey',
      'Coffee and Tea',
      'Hemp Products',
      'Cleaning Services',
    ]);
  });

  it('STATIC-01 STATIC-05 the policies carry their titles, their date and numbered sections', () => {
    const titles = staticPageSlugs.map((slug) => defaultStaticPage(slug, shop).title);
    expect(titles).toEqual([
      'About us',
      'Terms & Conditions',
      'Refund Policy',
      'Return Policy',
      'Data Safety and Privacy Statement',
      'Shipping and Delivery policy',
    ]);
    const delivery = defaultStaticPage('delivery', shop).html;
    expect(delivery).toMatch(/^<p><em>Last updated: 1 January 2025<\/em><\/p>/);
    expect(headings(delivery).slice(0, 2)).toEqual(['1. Dispatch', '2. Delivery times']);
  });

  it('escapes the shop’s details and its own ampersands, so any name is text', () => {
    const terms = defaultStaticPage('terms', {
      ...shop,
      name: 'Ola & Kari <b>Handel</b>',
    }).html;
    expect(terms).toContain('The seller is Ola &amp; Kari &lt;b&gt;Handel&lt;/b&gt;, ');
    expect(terms).not.toContain('<b>');
    expect(defaultStaticPage('return', shop).html).toContain('See our Terms &amp; Conditions.');
  });
});
