import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, stubFetch } from '../../test/fetch-stub.js';
import { createStore } from '../../app/store.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { LanguageProvider } from '../../lib/i18n.js';
import CleaningPage from './cleaning-page.js';
import { cleaningServiceIcons } from '@shop/shared';
import { galleryPhotos, serviceTiles } from './cleaning-test-kit.js';

const galleryPath = 'GET /api/cleaning/gallery';
const servicesPath = 'GET /api/cleaning/services';
const page = { [galleryPath]: galleryPhotos, [servicesPath]: serviceTiles };

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCleaning() {
  // A store of its own each time: its tiles and photos are queries, kept per store.
  render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={['/cleaning']}>
        <CleaningPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe('cleaning page', () => {
  it('CLEAN-01 the hero states the satisfaction guarantee of a return within 48 hours to finish', async () => {
    stubFetch(page);
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
    stubFetch(page);
    renderCleaning();
    expect(screen.queryByRole('dialog')).toBeNull();
    const hero = screen.getByRole('region', { name: 'Professional cleaning services' });
    fireEvent.click(within(hero).getByRole('button', { name: 'Contact Us' }));
    expect(screen.getByRole('dialog', { name: 'Cleaning Enquiry' })).toBeTruthy();
    await screen.findAllByRole('img');
  });

  it('CLEAN-03 shows the service tiles the back office keeps, in their order, each with its drawn icon (issue 14)', async () => {
    stubFetch(page);
    renderCleaning();
    const services = screen.getByRole('region', { name: 'Our services' });
    const tiles = await within(services).findAllByRole('listitem');
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
    for (const [index, tile] of tiles.entries()) {
      const service = serviceTiles[index];
      if (!service) throw new Error('no tile');
      expect(tile.textContent).toContain(service.description);
      const drawn = [...tile.querySelectorAll('svg path')].map((path) => path.getAttribute('d'));
      expect(drawn).toEqual(cleaningServiceIcons[service.icon].paths);
    }
    await screen.findAllByRole('img');
  });

  it('(issue 14) holds the tiles’ place with placeholders while they load, then shows what staff changed', async () => {
    const changed = [
      { name: 'Carpet Cleaning', description: 'Rugs and carpets.', icon: 'floor' },
      { name: 'House Cleaning', description: 'Every room.', icon: 'house' },
    ];
    const calls = stubFetch({ ...page, [servicesPath]: changed });
    renderCleaning();
    const loading = screen.getByRole('status', { name: 'Loading services' });
    expect(loading.querySelectorAll('li')).toHaveLength(12);
    const services = screen.getByRole('region', { name: 'Our services' });
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading services' })).toBeNull(),
    );
    expect(
      within(services)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Carpet Cleaning', 'House Cleaning']);
    expect(calls.filter((call) => `${call.method} ${call.path}` === servicesPath)).toHaveLength(1);
    await screen.findAllByRole('img');
  });

  it('(issue 14) leaves the services out when they cannot load, and keeps the rest of the page', async () => {
    stubFetch({ ...page, [servicesPath]: answer(500, { message: 'Server error' }) });
    renderCleaning();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Our services' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Contact Us' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await screen.findAllByRole('img');
  });

  it('CLEAN-04 shows a skeleton, then six lazy photos from the backend with their alt texts', async () => {
    const calls = stubFetch(page);
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
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      galleryPath,
      servicesPath,
    ]);
  });

  it('(issue 14) a photo staff uploaded is offered in its stored sizes', async () => {
    const uploaded = { image: '/cleaning-gallery/3f2a.webp', alt: 'A spotless kitchen' };
    stubFetch({ ...page, [galleryPath]: [...galleryPhotos, uploaded] });
    renderCleaning();
    const photos = await within(screen.getByRole('region', { name: 'Our work' })).findAllByRole(
      'img',
    );
    expect(photos).toHaveLength(7);
    expect(photos[0]?.getAttribute('srcset')).toBeNull();
    expect(photos[6]?.getAttribute('srcset')).toContain(
      '/uploads/cleaning-gallery/3f2a-w320.webp 320w',
    );
    expect(photos[6]?.getAttribute('sizes')).toBe('(min-width: 768px) 33vw, 50vw');
  });

  it('CLEAN-04 the gallery is left out silently when it cannot load', async () => {
    stubFetch({ ...page, [galleryPath]: answer(500, { message: 'Server error' }) });
    renderCleaning();
    expect(screen.getByRole('region', { name: 'Our work' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Our work' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Our services' })).toBeTruthy();
  });

  it('CLEAN-04 an answer of another shape leaves the gallery out too', async () => {
    stubFetch({ ...page, [galleryPath]: [{ image: 42 }] });
    renderCleaning();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Our work' })).toBeNull());
  });

  it('speaks bokmål on a Norwegian page, around the tiles and photos the server answers (issue 31.1)', async () => {
    stubFetch(page);
    render(
      <LanguageProvider i18n={await loadLanguage('nb')}>
        <Provider store={createStore()}>
          <MemoryRouter initialEntries={['/cleaning']}>
            <CleaningPage />
          </MemoryRouter>
        </Provider>
      </LanguageProvider>,
    );
    const hero = screen.getByRole('region', { name: 'Profesjonelle renholdstjenester' });
    expect(hero.textContent).toContain('5 års erfaring');
    expect(hero.textContent).toContain('kommer vi tilbake innen 48 timer');
    expect(within(hero).getByRole('button', { name: 'Kontakt oss' })).toBeTruthy();
    expect(document.title).toBe('Renholdstjenester');
    expect(await screen.findByRole('heading', { level: 2, name: 'Våre tjenester' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Vårt arbeid' })).toBeTruthy();
  });
});
