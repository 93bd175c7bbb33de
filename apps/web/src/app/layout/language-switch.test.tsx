import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profile, signedInStore } from '../../features/accounts/accounts-test-kit.js';
import { renderWithShop, stubApi } from '../../features/catalog/catalog-test-kit.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { browserWindow } from '../../lib/browser-window.js';
import { callsTo, type FetchCall } from '../../test/fetch-stub.js';
import { LanguageSwitch } from './language-switch.js';

const updatePath = `/api/subscribers/${profile()._id}`;

let calls: FetchCall[];
let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  calls = stubApi({
    'GET /api/subscribers/profile': { user: profile() },
    [`PUT ${updatePath}`]: { user: profile() },
  });
  assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Issue 31.9: the language a signed-in shopper switches to is their mails' language too.
describe('the language switch', () => {
  it("saves the new language on a signed-in shopper's account, the profile otherwise as it was, and then opens the page", async () => {
    renderWithShop(<LanguageSwitch />, {
      url: '/cart?step=1',
      store: signedInStore(),
      i18n: await loadLanguage('nb'),
    });
    fireEvent.click(screen.getByRole('link', { name: 'English' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en/cart?step=1'));
    const [update] = callsTo(calls, 'PUT', updatePath);
    const { name, phone, address, apartmentNumber, postalCode, city, country } = profile();
    expect(update?.body).toEqual({
      name,
      phone,
      address,
      apartmentNumber,
      postalCode,
      city,
      country,
      locale: 'en',
    });
  });

  it('saves bokmål when switching back from English', async () => {
    renderWithShop(<LanguageSwitch />, {
      url: '/cart',
      store: signedInStore(),
      i18n: await loadLanguage('en'),
    });
    fireEvent.click(screen.getByRole('link', { name: 'Norsk' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/cart'));
    expect(callsTo(calls, 'PUT', updatePath)[0]?.body).toMatchObject({ locale: 'nb' });
  });

  it('saves nothing for a signed-out shopper, whose link simply loads the page', async () => {
    renderWithShop(<LanguageSwitch />, { url: '/cart', i18n: await loadLanguage('nb') });
    const link = screen.getByRole('link', { name: 'English' });
    // jsdom cannot navigate: whether the switch left the link its default action is checked
    // once the click has passed the app's handler, and the action then stopped.
    let followed = false;
    window.addEventListener(
      'click',
      (event) => {
        followed = !event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    fireEvent.click(link);
    expect(followed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((call) => call.path.startsWith('/api/subscribers'))).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });
});
