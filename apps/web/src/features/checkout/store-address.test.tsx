import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopSettingDefaults, type Locale } from '@shop/shared';
import { renderWithShop, stubApi } from '../catalog/catalog-test-kit.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { setPageLocale } from '../../lib/api-client.js';
import { shopDetailsByLanguage } from '../../test/shop-details-answer.js';
import { StoreAddress } from './store-address.js';

afterEach(() => {
  vi.unstubAllGlobals();
  setPageLocale(() => undefined);
});

describe('the store pickup’s opening hours in the page’s language (issue 31)', () => {
  const stored = {
    ...shopSettingDefaults.shopDetails,
    openingHours: ['Mandag–fredag 10.00–18.00', 'Lørdag stengt'],
    openingHoursEn: ['Monday–Friday 10:00–18:00', 'Saturday closed'],
  };

  it.each<[Locale, string[]]>([
    ['en', ['Monday–Friday 10:00–18:00', 'Saturday closed']],
    ['nb', ['Mandag–fredag 10.00–18.00', 'Lørdag stengt']],
  ])('on a page in %s lists the hours in that language', async (locale, hours) => {
    setPageLocale(() => locale);
    stubApi(shopDetailsByLanguage(stored));
    renderWithShop(<StoreAddress headingLevel="h3" />, { i18n: await loadLanguage(locale) });
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(hours);
  });

  it('shows English pages the Norwegian hours where the shop wrote no English', async () => {
    setPageLocale(() => 'en');
    stubApi(shopDetailsByLanguage({ ...stored, openingHoursEn: [] }));
    renderWithShop(<StoreAddress headingLevel="h3" />, { i18n: await loadLanguage('en') });
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(stored.openingHours);
  });
});
