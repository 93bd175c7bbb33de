import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceSaleAdminMessages as messages, type AdminPriceSale } from '@shop/shared';
import { SaleDialog } from './sale-dialog.js';
import { renderWithQueries } from '../../test/render.js';

// The browser's clock in these tests: a Wednesday in June, 12:00 in Norway.
const NOW = new Date('2030-06-05T10:00:00Z');
const FOOD = '11111111-1111-4111-8111-111111111111';

const category = {
  id: FOOD,
  parentId: null,
  level: 1,
  name: 'Food',
  nameEn: '',
  englishFallbacks: ['name'],
  slug: 'food',
  slugLocked: false,
  image: '',
  position: 0,
  hidden: false,
  productCount: 0,
  totalProductCount: 3,
};

const created: AdminPriceSale = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Weekend food',
  discountPercent: 20,
  categoryId: FOOD,
  categoryName: 'Food',
  status: 'scheduled',
  startsAt: '2030-06-06T22:00:00.000Z',
  endsAt: '2030-06-10T22:00:00.000Z',
  appliedAt: null,
  endedAt: null,
  productCount: 3,
  itemCount: 3,
  createdByEmail: 'owner@example.no',
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server of these tests: the category list, and the sale's creation, recorded. */
function stubServer(answer: () => Response = () => json(created, 201)) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/admin/categories') return json({ categories: [category] });
      if (path === '/api/admin/price-sales' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return answer();
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

function openDialog() {
  const onClose = vi.fn();
  renderWithQueries(<SaleDialog onClose={onClose} now={() => NOW} />);
  const dialog = screen.getByRole('dialog', { name: 'New sale' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  const type = (label: string, value: string) =>
    fireEvent.change(field(label), { target: { value } });
  const create = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create sale' }));
  return { dialog, field, type, create, onClose };
}

describe('the new-sale dialog (issue 14)', () => {
  it('says what is missing beside each field and sends nothing', async () => {
    const sent = stubServer();
    const { dialog, field, create } = openDialog();
    create();
    expect(await within(dialog).findByText(messages.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(messages.percent)).toBeTruthy();
    expect(within(dialog).getByText(messages.targetRequired)).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Discount (%)').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(dialog).getByLabelText('Chosen products'));
    create();
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      messages.targetRequired,
    );
    expect(sent).toEqual([]);
  });

  it('refuses a percent above 100, a start long past, and an end before the start', async () => {
    const sent = stubServer();
    const { dialog, type, create } = openDialog();
    type('Name', 'Weekend food');
    type('Discount (%)', '120');
    type('Starts (Norway time)', '2030-06-05T11:00');
    type('Ends (Norway time)', '2030-06-05T10:00');
    create();
    expect(await within(dialog).findByText(messages.percent)).toBeTruthy();
    expect(within(dialog).getByText(messages.startInPast)).toBeTruthy();
    expect(within(dialog).getByText(messages.endInPast)).toBeTruthy();

    type('Discount (%)', '20');
    type('Starts (Norway time)', '2030-06-09T00:00');
    type('Ends (Norway time)', '2030-06-08T00:00');
    create();
    expect(await within(dialog).findByText(messages.scheduleOrder)).toBeTruthy();
    expect(within(dialog).queryByText(messages.percent)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('sends a weekend sale on a category in Norway time and hands the created sale back', async () => {
    const sent = stubServer();
    const { dialog, type, field, create, onClose } = openDialog();
    type('Name', ' Weekend food ');
    type('Discount (%)', '20');
    await within(dialog).findByRole('option', { name: 'Food' });
    fireEvent.change(field('Category'), { target: { value: FOOD } });
    type('Starts (Norway time)', '2030-06-07T00:00');
    type('Ends (Norway time)', '2030-06-11T00:00');
    create();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(created));
    expect(sent).toEqual([
      {
        name: 'Weekend food',
        discountPercent: 20,
        categoryId: FOOD,
        productIds: [],
        startsAt: '2030-06-06T22:00:00.000Z',
        endsAt: '2030-06-10T22:00:00.000Z',
      },
    ]);
  });

  it('shows the server’s refusal of an overlap at the top of the dialog', async () => {
    const overlap = messages.overlap('Honey weekend', 'scheduled', 2, 'Acacia Honey');
    stubServer(() => json({ message: overlap }, 409));
    const { dialog, type, field, create, onClose } = openDialog();
    type('Name', 'Weekend food');
    type('Discount (%)', '0');
    await within(dialog).findByRole('option', { name: 'Food' });
    fireEvent.change(field('Category'), { target: { value: FOOD } });
    create();
    expect(await within(dialog).findByText(overlap)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
