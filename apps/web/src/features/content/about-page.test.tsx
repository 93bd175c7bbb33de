import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AboutPage from './about-page.js';

const scrollIntoView = vi.fn();

function renderAbout() {
  render(
    <MemoryRouter initialEntries={['/about']}>
      <AboutPage />
    </MemoryRouter>,
  );
}

function scrollWindowTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
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
  it("STATIC-06 shows 'About us'", () => {
    renderAbout();
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(document.title).toBe('About us');
  });

  it('STATIC-07 has nine service sections', () => {
    renderAbout();
    const sections = services.map((name) => screen.getByRole('region', { name }));
    expect(sections).toHaveLength(9);
    expect(new Set(sections.map((section) => section.id)).size).toBe(9);
  });

  it('STATIC-08 a side list scrolls smoothly to each service section and moves the focus there', () => {
    renderAbout();
    const list = screen.getByRole('navigation', { name: 'Our services' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(services);
    fireEvent.click(within(list).getByRole('link', { name: 'Honey' }));
    const honey = screen.getByRole('region', { name: 'Honey' });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(honey);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(honey);
    expect(within(list).getByRole('link', { name: 'Honey' }).getAttribute('href')).toBe('#honey');
  });

  it("STATIC-09 CONST-16 the floating 'Services' button appears only after scrolling more than 400 px", () => {
    renderAbout();
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
});
