import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminCleaningService,
  cleaningAdminMessages,
  type CleaningEnquiryAddress,
  cleaningServiceIconNames,
  cleaningServiceIcons,
  contentAdminMessages,
  settingsMessages,
} from '@shop/shared';
import { EnquiryAddressForm } from './cleaning-enquiry-address.js';
import { PhotoDialog } from './cleaning-photos.js';
import { ServiceDialog } from './cleaning-services.js';
import { renderWithQueries } from '../../test/render.js';
import en from './i18n/en.json';
import nb from './i18n/nb.json';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The server of these tests: `answer` replies to every call, which is recorded. */
function stubServer(answer: (call: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      sent.push(call);
      return answer(call);
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const address: CleaningEnquiryAddress = {
  email: '',
  shopEmail: 'post@nordictrading.no',
  savedAt: '2026-05-04T10:00:00.000Z',
};

const tile: AdminCleaningService = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Husvask',
  description: 'Alle rom.',
  nameEn: 'House Cleaning',
  descriptionEn: 'Every room.',
  icon: 'house',
  hidden: false,
  position: 0,
  updatedAt: '2026-05-04T10:00:00.000Z',
};

describe('the enquiry address form (issue 14)', () => {
  function renderForm() {
    const onReload = vi.fn();
    renderWithQueries(<EnquiryAddressForm address={address} onReload={onReload} />);
    const field = screen.getByLabelText('Mail enquiries to');
    const save = () =>
      fireEvent.click(screen.getByRole('button', { name: 'Save enquiry address' }));
    return { field, save, onReload };
  }

  it("says where enquiries go while none is set: the shop's own e-mail", () => {
    stubServer(() => json(address));
    const { field } = renderForm();
    expect((field as HTMLInputElement).value).toBe('');
    expect(field.getAttribute('placeholder')).toBe('post@nordictrading.no');
    expect(screen.getByText(/Empty: to the shop’s e-mail, post@nordictrading\.no/)).toBeTruthy();
  });

  it('refuses an address that is not one beside the field, sending nothing', async () => {
    const sent = stubServer(() => json(address));
    const { field, save } = renderForm();
    fireEvent.change(field, { target: { value: 'renhold at nordictrading' } });
    save();
    expect(await screen.findByText(settingsMessages.cleaningEnquiryEmail)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('saves the address trimmed, with the savedAt it was loaded with', async () => {
    const sent = stubServer(() => json({ ...address, email: 'renhold@nordictrading.no' }));
    const { field, save, onReload } = renderForm();
    fireEvent.change(field, { target: { value: '  renhold@nordictrading.no ' } });
    save();
    await waitFor(() => expect(onReload).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/cleaning/enquiry-address',
        body: { email: 'renhold@nordictrading.no', savedAt: address.savedAt },
      },
    ]);
  });

  it('tells a second editor that someone saved meanwhile, with a way to reload', async () => {
    stubServer(() => json({ message: cleaningAdminMessages.addressConflict }, 409));
    const { field, save, onReload } = renderForm();
    fireEvent.change(field, { target: { value: 'renhold@nordictrading.no' } });
    save();
    expect(await screen.findByText(cleaningAdminMessages.addressConflict)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalled();
  });
});

describe('the service tile dialog (issue 14)', () => {
  function renderDialog(service: AdminCleaningService | undefined) {
    const onClose = vi.fn();
    renderWithQueries(<ServiceDialog service={service} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: service ? 'Edit tile' : 'New tile' });
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    return { dialog, save, onClose };
  }

  it('offers every drawn icon by name, the chosen one checked', () => {
    stubServer(() => json(tile));
    const { dialog } = renderDialog(tile);
    const icons = within(dialog).getAllByRole('radio');
    expect(icons.map((icon) => icon.getAttribute('value'))).toEqual(
      Object.keys(cleaningServiceIcons),
    );
    expect((within(dialog).getByLabelText('House') as HTMLInputElement).checked).toBe(true);
  });

  it('says what is missing beside each field and sends nothing', async () => {
    const sent = stubServer(() => json(tile, 201));
    const { dialog, save } = renderDialog(undefined);
    save();
    expect(await within(dialog).findByText(cleaningAdminMessages.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(cleaningAdminMessages.descriptionRequired)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends an edit with the icon chosen and the updatedAt it was loaded with', async () => {
    const sent = stubServer(() => json({ ...tile, name: 'Hjemmevask', icon: 'sparkle' }));
    const { dialog, save, onClose } = renderDialog(tile);
    fireEvent.change(within(dialog).getByLabelText('Name (Norwegian)'), {
      target: { value: ' Hjemmevask ' },
    });
    fireEvent.click(within(dialog).getByLabelText('Sparkle'));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('Tile “Hjemmevask” saved.'));
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `/api/admin/cleaning/services/${tile.id}`,
        body: {
          name: 'Hjemmevask',
          description: 'Alle rom.',
          nameEn: 'House Cleaning',
          descriptionEn: 'Every room.',
          icon: 'sparkle',
          updatedAt: tile.updatedAt,
        },
      },
    ]);
  });

  it("shows the server's refusal when someone changed the tile meanwhile", async () => {
    stubServer(() => json({ message: cleaningAdminMessages.serviceConflict }, 409));
    const { dialog, save, onClose } = renderDialog(tile);
    save();
    expect(await within(dialog).findByText(cleaningAdminMessages.serviceConflict)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the photo dialog (issue 14)', () => {
  it('asks for a photo and its alt text before adding, and sends both', async () => {
    const sent = stubServer((call) =>
      call.path.startsWith('/api/admin/images')
        ? json('/cleaning-gallery/3f2a.webp')
        : json(
            {
              id: tile.id,
              image: '/cleaning-gallery/3f2a.webp',
              alt: 'A kitchen',
              altEn: '',
              position: 6,
              updatedAt: tile.updatedAt,
            },
            201,
          ),
    );
    const onClose = vi.fn();
    renderWithQueries(<PhotoDialog photo={undefined} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'New photo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(cleaningAdminMessages.imageRequired)).toBeTruthy();
    expect(within(dialog).getByText(contentAdminMessages.altRequired)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Choose an image'), {
      target: { files: [new File(['png'], 'kitchen.png', { type: 'image/png' })] },
    });
    // The preview has no alt text until one is typed.
    await waitFor(() =>
      expect(dialog.querySelector('img')?.getAttribute('src')).toBe(
        '/uploads/cleaning-gallery/3f2a-w320.webp',
      ),
    );
    fireEvent.change(within(dialog).getByLabelText('Alt text (Norwegian)'), {
      target: { value: 'A kitchen' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('Photo added to the gallery.'));
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/admin/images?folder=cleaning-gallery',
      'POST /api/admin/cleaning/photos',
    ]);
    expect(sent[1]?.body).toEqual({
      image: '/cleaning-gallery/3f2a.webp',
      alt: 'A kitchen',
      altEn: '',
    });
  });
});

describe('the cleaning page in two languages (issue 31.5)', () => {
  it('edits a tile’s English beside its Norwegian, marking an empty one, and sends both', async () => {
    const sent = stubServer(() => json({ ...tile, nameEn: 'Home Cleaning' }));
    const onClose = vi.fn();
    renderWithQueries(<ServiceDialog service={{ ...tile, descriptionEn: '' }} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit tile' });
    expect((within(dialog).getByLabelText('Name (English)') as HTMLInputElement).value).toBe(
      'House Cleaning',
    );
    expect(within(dialog).getAllByText('Empty: English pages show the Norwegian')).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText('Name (English)'), {
      target: { value: 'Home Cleaning' },
    });
    fireEvent.change(within(dialog).getByLabelText('Description (English)'), {
      target: { value: 'Every room, kitchen too.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]?.body).toMatchObject({
      name: 'Husvask',
      nameEn: 'Home Cleaning',
      descriptionEn: 'Every room, kitchen too.',
    });
  });

  it('speaks Norwegian to a Norwegian staff member', () => {
    stubServer(() => json(tile));
    renderWithQueries(<ServiceDialog service={tile} onClose={vi.fn()} />, { locale: 'nb' });
    const dialog = screen.getByRole('dialog', { name: 'Rediger flisen' });
    expect(within(dialog).getByLabelText('Navn (norsk)')).toBeTruthy();
    expect(within(dialog).getByLabelText('Beskrivelse (engelsk)')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Lagre' })).toBeTruthy();
  });

  it('names every icon in both languages', () => {
    for (const icon of cleaningServiceIconNames) {
      const key = `content.tiles.icons.${icon}` as const;
      expect(en[key].trim(), icon).not.toBe('');
      expect(nb[key].trim(), icon).not.toBe('');
    }
  });

  it('names the icons in Norwegian to a Norwegian staff member, the chosen one checked', () => {
    stubServer(() => json(tile));
    renderWithQueries(<ServiceDialog service={tile} onClose={vi.fn()} />, { locale: 'nb' });
    const dialog = screen.getByRole('dialog', { name: 'Rediger flisen' });
    const names = within(dialog)
      .getAllByRole('radio')
      .map((icon) => (icon as HTMLInputElement).labels?.[0]?.textContent);
    expect(names).toEqual(
      cleaningServiceIconNames.map((icon) => nb[`content.tiles.icons.${icon}`]),
    );
    expect((within(dialog).getByLabelText('Hus') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByLabelText('Flytteeske')).toBeTruthy();
    expect(within(dialog).queryByText('House')).toBeNull();
  });
});
