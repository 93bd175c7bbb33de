import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import MorePage from './more-page.js';

function renderMore() {
  render(
    <MemoryRouter initialEntries={['/more']}>
      <MorePage />
    </MemoryRouter>,
  );
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

  it('MORE-06 shows the download links for the two app stores', () => {
    renderMore();
    const apps = section('Download our app');
    expect(within(apps).getByRole('img', { name: 'Download on the App Store' })).toBeTruthy();
    expect(within(apps).getByRole('img', { name: 'Get it on Google Play' })).toBeTruthy();
    expect(hrefs(apps)).toHaveLength(2);
  });
});
