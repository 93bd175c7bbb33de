import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop, stubApi } from '../../features/catalog/catalog-test-kit.js';
import { servedShop, shopDetailsAnswer } from '../../test/shop-details-answer.js';
import { Layout } from './layout.js';

const MORE_PAGE_CONTENTS = 'account, policies and about us';

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubApi({});
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});

const mobileBar = () => screen.getByRole('navigation', { name: 'Mobile' });

describe('Layout', () => {
  it('GLOB-15 the mobile bottom bar shows Home, Categories, Cart and More', () => {
    renderWithShop(<Layout />);
    expect(
      within(mobileBar())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Categories', 'Cart', `More: ${MORE_PAGE_CONTENTS}`]);
    // The words after 'More' are for screen readers and crawlers only.
    expect(within(mobileBar()).getByText(`: ${MORE_PAGE_CONTENTS}`).className).toBe(
      'visually-hidden',
    );
  });

  it('GLOB-16 GLOB-17 the mobile bar links go to /, /mobcat, /cart and /more', () => {
    renderWithShop(<Layout />);
    const href = (name: string) =>
      within(mobileBar()).getByRole('link', { name }).getAttribute('href');
    expect(href('Home')).toBe('/');
    expect(href('Categories')).toBe('/mobcat');
    expect(href('Cart')).toBe('/cart');
    expect(href(`More: ${MORE_PAGE_CONTENTS}`)).toBe('/more');
  });

  it('GLOB-27 a floating chat link to WhatsApp is on the page, with an accessible label', async () => {
    renderWithShop(<Layout />);
    const chat = await screen.findByRole('link', { name: 'Chat with us' });
    expect(chat.getAttribute('href')).toBe(servedShop.chatUrl);
    expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/47\d+$/);
    expect(chat.getAttribute('target')).toBe('_blank');
  });

  it('GLOB-27 the chat link goes where the server answers', async () => {
    stubApi(shopDetailsAnswer({ chatUrl: 'https://m.me/fjordhandel' }));
    renderWithShop(<Layout />);
    const chat = await screen.findByRole('link', { name: 'Chat with us' });
    expect(chat.getAttribute('href')).toBe('https://m.me/fjordhandel');
  });

  it('GLOB-27 there is no chat button when the shop has no chat link', async () => {
    stubApi(shopDetailsAnswer({ chatUrl: '' }));
    renderWithShop(<Layout />);
    // The footer's name shows the details have arrived.
    await screen.findByRole('region', { name: `About ${servedShop.name}` });
    expect(screen.queryByRole('link', { name: 'Chat with us' })).toBeNull();
  });

  it('GLOB-26 every navigation scrolls the page to the top', () => {
    renderWithShop(<Layout />);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    fireEvent.click(within(mobileBar()).getByRole('link', { name: /^More/ }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });
});
