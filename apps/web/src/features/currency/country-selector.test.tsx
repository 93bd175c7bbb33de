import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n/catalogues.js';
import { countries, renderWithShop, stubApi } from '../catalog/catalog-test-kit.js';
import { CountrySelector } from './country-selector.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the country selector', () => {
  it('names each country with its currency', async () => {
    stubApi({});
    renderWithShop(<CountrySelector />);
    const select = screen.getByRole('combobox', { name: 'Country and currency' });
    fireEvent.focus(select);
    await waitFor(() => expect(select.textContent).toContain('Sweden (SEK)'));
  });

  it('speaks bokmål on a Norwegian page, naming countries as the server does in bokmål (issue 31.1, 31.5)', async () => {
    stubApi({
      'GET /api/countries': countries.map((country) => ({
        ...country,
        name: country.Country === 'Norway' ? 'Norge' : country.Country,
      })),
    });
    renderWithShop(<CountrySelector />, { i18n: await loadLanguage('nb') });
    const select = screen.getByRole('combobox', { name: 'Land og valuta' });
    fireEvent.focus(select);
    await waitFor(() => expect(select.textContent).toContain('Norge (NOK)'));
  });

  it('holds the chosen country alone until the shopper reaches for the list, by focus or a press (issue 33.2)', async () => {
    stubApi({});
    renderWithShop(<CountrySelector />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'Country and currency',
    });
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Norway (NOK)',
    ]);
    expect(select.value).toBe('NOR');
    fireEvent.pointerDown(select);
    // At once, in the press's own task: the browser opens the list right after it.
    expect(screen.getAllByRole('option')).toHaveLength(countries.length);
    expect(select.value).toBe('NOR');
  });
});
