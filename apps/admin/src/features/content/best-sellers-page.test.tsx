import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminBestSellers, bestSellersMessages } from '@shop/shared';
import { PinsEditor } from './best-sellers-page.js';
import { renderWithQueries } from '../../test/render.js';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const honey = { id: '11111111-1111-4111-8111-111111111111', name: 'Acacia Honey' };
const tea = { id: '22222222-2222-4222-8222-222222222222', name: 'Green Tea' };
const socks = { id: '33333333-3333-4333-8333-333333333333', name: 'Wool Socks' };

const pinned: AdminBestSellers['pinned'] = [
  { ...honey, status: 'published', onSale: true },
  { ...tea, status: 'draft', onSale: false },
];

/** The server of these tests: the product lookup, and the save, recorded. */
function stubServer(save: () => Response) {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path.startsWith('/api/admin/products/lookup'))
        return json([
          { ...socks, slug: 'wool-socks' },
          { ...honey, slug: 'acacia-honey' },
        ]);
      if (path === '/api/admin/best-sellers' && init?.method === 'PUT') {
        saved.push(JSON.parse(String(init.body)));
        return save();
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return saved;
}

afterEach(() => vi.unstubAllGlobals());

function renderEditor() {
  const onSaved = vi.fn();
  renderWithQueries(<PinsEditor pinned={pinned} onSaved={onSaved} />);
  const names = () =>
    within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save pinned products' }));
  return { onSaved, names, save };
}

describe('the pinned best sellers (issue 14)', () => {
  it('lists the pins in order, saying which one the home page does not show yet', () => {
    stubServer(() => json({ pinned, shown: [] }));
    const { names } = renderEditor();
    expect(names()).toEqual([
      expect.stringContaining('Acacia Honey'),
      expect.stringContaining('Green Tea Draft: shown once published'),
    ]);
    expect(
      (screen.getByRole('button', { name: 'Save pinned products' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('adds a product found by name at the end and removes another, then saves the ids in order', async () => {
    const saved = stubServer(() => json({ pinned, shown: [] }));
    const { names, save, onSaved } = renderEditor();
    fireEvent.change(screen.getByLabelText('Find a product to pin'), {
      target: { value: 'wo' },
    });
    // The pinned honey is not offered again.
    fireEvent.click(await screen.findByRole('button', { name: 'Wool Socks' }));
    expect(screen.queryByRole('button', { name: 'Acacia Honey' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unpin Green Tea' }));
    expect(names()).toEqual([
      expect.stringContaining('Acacia Honey'),
      expect.stringContaining('Wool Socks'),
    ]);
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved).toEqual([{ productIds: [honey.id, socks.id] }]);
  });

  it("shows the server's refusal and keeps the list as edited", async () => {
    const refusal = bestSellersMessages.archived(['Wool Socks']);
    stubServer(() => json({ message: refusal }, 400));
    const { names, save, onSaved } = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Unpin Acacia Honey' }));
    save();
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(names()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(names()).toHaveLength(2);
  });
});
