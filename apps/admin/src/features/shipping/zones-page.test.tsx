import { screen } from '@testing-library/react';
import type { AdminShippingZones } from '@shop/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../test/render.js';
import ZonesPage from './zones-page.js';

const zones: AdminShippingZones = {
  zones: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Norge',
      countries: [{ code: 'NO', name: 'Norge' }],
      freeFromOre: 123_450,
      bands: [{ id: '22222222-2222-4222-8222-222222222222', maxWeightGrams: 500, priceOre: 7_900 }],
    },
  ],
  countries: [{ code: 'NO', name: 'Norge' }],
};

afterEach(() => vi.unstubAllGlobals());

function renderZones(locale: 'en' | 'nb') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(zones)),
  );
  renderWithQueries(<ZonesPage />, { locale });
}

describe('the shipping zones (issue 31)', () => {
  it('read in bokmål, with kroner and kilograms as Norwegians write them', async () => {
    renderZones('nb');
    expect(screen.getByRole('heading', { name: 'Fraktsoner og priser', level: 1 })).toBeTruthy();
    expect(await screen.findByText(/^Fra 1\s234,50\skr i varer$/)).toBeTruthy();
    expect(screen.getByRole('cell', { name: '0,5 kg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Legg til vektklasse i Norge' })).toBeTruthy();
  });

  it('keep the spec’s English words', async () => {
    renderZones('en');
    expect(await screen.findByText(/^From NOK\s1,234\.50 of goods$/)).toBeTruthy();
    expect(screen.getByRole('cell', { name: '0.5 kg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add weight band to Norge' })).toBeTruthy();
  });
});
