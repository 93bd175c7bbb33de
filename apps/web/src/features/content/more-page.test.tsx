import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { storageKeys } from '../../lib/storage.js';
import { callsTo } from '../../test/fetch-stub.js';
import { servedShop, shopDetailsAnswer } from '../../test/shop-details-answer.js';
import { signedInStore, stubAccountsApi } from '../accounts/accounts-test-kit.js';
import { renderWithShop, stubApi } from '../catalog/catalog-test-kit.js';
import MorePage from './more-page.js';

beforeEach(() => {
  stubApi({});
});
afterEach(() => vi.unstubAllGlobals());

function renderMore(store = createStore()) {
  return renderWithShop(<MorePage />, { path: '/more', url: '/more', store });
}

const section = (name: string) => screen.getByRole('region', { name });
const hrefs = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('more page', () => {
  it("MORE-01 shows the sections 'USER', 'POLICIES' and 'ABOUT'", () => {
    renderMore();
    for (const name of ['USER', 'POLICIES', 'ABOUT']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
  });

  it("MORE-03 shows a visitor 'Login', linking to /login", () => {
    renderMore();
    const login = within(section('USER')).getByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it("MORE-02 shows a signed-in user 'My Account' with their name, linking to /account", () => {
    renderMore(signedInStore());
    const account = within(section('USER')).getByRole('link', { name: /^My Account/ });
    expect(account.getAttribute('href')).toBe('/account');
    expect(account.textContent).toContain('Kari Nordmann');
    expect(within(section('USER')).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it("MORE-07 'Logout' logs the user out and goes to /", () => {
    const calls = stubAccountsApi({});
    const { store, location } = renderMore(signedInStore());
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(store.getState().session.userInfo).toBeNull();
    expect(localStorage.getItem(storageKeys.userInfo)).toBeNull();
    expect(location().pathname).toBe('/');
    expect(callsTo(calls, 'POST', '/api/subscribers/logout')).toHaveLength(1);
  });

  it('MORE-04 POLICIES links to the cleaning page and the five policy pages', () => {
    renderMore();
    expect(hrefs(section('POLICIES'))).toEqual([
      '/cleaning',
      '/terms-conditions',
      '/privacy',
      '/return',
      '/refund',
      '/delivery-terms-conditions',
    ]);
    expect(within(section('POLICIES')).getByRole('link', { name: 'Refund Policy' })).toBeTruthy();
  });

  it('MORE-05 ABOUT links to /about', () => {
    renderMore();
    expect(hrefs(section('ABOUT'))).toEqual(['/about']);
  });

  it('MORE-06 shows the download links for the two app stores', async () => {
    renderMore();
    const apps = section('Download our app');
    expect(
      await within(apps).findByRole('img', { name: 'Download on the App Store' }),
    ).toBeTruthy();
    expect(within(apps).getByRole('img', { name: 'Get it on Google Play' })).toBeTruthy();
    expect(hrefs(apps)).toEqual([servedShop.appStoreUrl, servedShop.googlePlayUrl]);
  });

  it('MORE-06 links the app stores the server answers and leaves out one without a link', async () => {
    const googlePlayUrl = 'https://play.google.com/store/apps/details?id=no.fjordhandel';
    stubApi(shopDetailsAnswer({ appStoreUrl: '', googlePlayUrl }));
    renderMore();
    const apps = section('Download our app');
    expect(await within(apps).findByRole('img', { name: 'Get it on Google Play' })).toBeTruthy();
    expect(within(apps).queryByRole('img', { name: 'Download on the App Store' })).toBeNull();
    expect(hrefs(apps)).toEqual([googlePlayUrl]);
  });

  it('speaks bokmål on a Norwegian page (issue 31.1)', async () => {
    renderWithShop(<MorePage />, {
      path: '/more',
      url: '/more',
      store: signedInStore(),
      i18n: await loadLanguage('nb'),
    });
    for (const name of ['BRUKER', 'VILKÅR', 'OM OSS', 'Last ned appen vår']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(within(section('BRUKER')).getByRole('link', { name: /^Min konto/ })).toBeTruthy();
    expect(
      within(section('VILKÅR'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Renholdstjenester',
      'Kjøpsbetingelser',
      'Personvern',
      'Retur og angrerett',
      'Refusjon',
      'Leveringsbetingelser',
    ]);
    expect(within(section('OM OSS')).getByRole('link', { name: 'Om oss' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logg ut' })).toBeTruthy();
  });
});
