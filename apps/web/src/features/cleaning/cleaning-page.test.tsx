import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub.js';
import CleaningPage from './cleaning-page.js';
import { galleryPhotos } from './cleaning-test-kit.js';

const galleryPath = 'GET /api/cleaning/gallery';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCleaning() {
  render(
    <MemoryRouter initialEntries={['/cleaning']}>
      <CleaningPage />
    </MemoryRouter>,
  );
}

describe('cleaning page', () => {
  it('CLEAN-01 the hero states the satisfaction guarantee of a return within 48 hours to finish', async () => {
    stubFetch({ [galleryPath]: galleryPhotos });
    renderCleaning();
    const hero = screen.getByRole('region', { name: 'Professional cleaning services' });
    expect(within(hero).getByRole('heading', { level: 1 })).toBeTruthy();
    expect(hero.textContent).toContain(
      'if you are not happy with the result, we return within 48 hours to finish the job',
    );
    expect(hero.textContent).toContain('5 years of experience');
    expect(document.title).toBe('Cleaning Services');
    await screen.findAllByRole('img');
  });

  it("CLEAN-02 the hero's 'Contact Us' button opens the 'Cleaning Enquiry' modal", async () => {
    stubFetch({ [galleryPath]: galleryPhotos });
    renderCleaning();
    expect(screen.queryByRole('dialog')).toBeNull();
    const hero = screen.getByRole('region', { name: 'Professional cleaning services' });
    fireEvent.click(within(hero).getByRole('button', { name: 'Contact Us' }));
    expect(screen.getByRole('dialog', { name: 'Cleaning Enquiry' })).toBeTruthy();
    await screen.findAllByRole('img');
  });

  it('CLEAN-03 shows exactly twelve service tiles, spelled as in the product', async () => {
    stubFetch({ [galleryPath]: galleryPhotos });
    renderCleaning();
    const services = screen.getByRole('region', { name: 'Our services' });
    const tiles = within(services).getAllByRole('listitem');
    expect(tiles).toHaveLength(12);
    expect(tiles.map((tile) => within(tile).getByRole('heading').textContent)).toEqual([
      'House Cleaning',
      'Moving-related Cleaning',
      'Deepclean',
      'Office Cleaning',
      'WareHouse Cleaning',
      'School/College Cleaning',
      'Window Cleaning',
      'Floor Treatment',
      'Daily Cleaing',
      'Main Cleaning',
      'Hygene Cleaning',
      'Hospitality Cleaning',
    ]);
    for (const tile of tiles) expect(tile.querySelector('svg')).not.toBeNull();
    await screen.findAllByRole('img');
  });

  it('CLEAN-04 shows a skeleton, then six lazy photos from the backend with their alt texts', async () => {
    const calls = stubFetch({ [galleryPath]: galleryPhotos });
    renderCleaning();
    expect(screen.getByRole('status', { name: 'Loading photos' })).toBeTruthy();
    const gallery = screen.getByRole('region', { name: 'Our work' });
    const photos = await within(gallery).findAllByRole('img');
    expect(photos).toHaveLength(6);
    expect(screen.queryByRole('status', { name: 'Loading photos' })).toBeNull();
    expect(photos.map((photo) => photo.getAttribute('alt'))).toEqual(
      galleryPhotos.map((photo) => photo.alt),
    );
    expect(photos.map((photo) => photo.getAttribute('src'))).toEqual(
      galleryPhotos.map((photo) => `/uploads${photo.image}`),
    );
    for (const photo of photos) {
      expect(photo.getAttribute('loading')).toBe('lazy');
      expect(photo.getAttribute('width')).toBe('800');
      expect(photo.getAttribute('height')).toBe('600');
    }
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([galleryPath]);
  });

  it('CLEAN-04 the gallery is left out silently when it cannot load', async () => {
    stubFetch({ [galleryPath]: answer(500, { message: 'Server error' }) });
    renderCleaning();
    expect(screen.getByRole('region', { name: 'Our work' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Our work' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Our services' })).toBeTruthy();
  });

  it('CLEAN-04 an answer of another shape leaves the gallery out too', async () => {
    stubFetch({ [galleryPath]: [{ image: 42 }] });
    renderCleaning();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Our work' })).toBeNull());
  });
});
