import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@shop/shared';
import { LanguageProvider } from '../../lib/i18n.js';
import { OrderLinesTable, OrderTotals } from './order-lines-table.js';

const line = {
  name: 'Acacia Honey',
  variants: {},
  sku: 'HONEY-500',
  quantity: 1,
  returnedQuantity: 0,
  unitPriceOre: 14_900,
  listPriceOre: 14_900,
  vatPercent: 15,
  lineTotalOre: 14_900,
};

describe('the order page lines (issue 29.15)', () => {
  it('shows a line of a product without a picture with the "no image" picture, not a broken one', () => {
    const order = {
      lines: [
        { ...line, id: 'a', image: '' },
        { ...line, id: 'b', name: 'Wool Socks', image: '/products/socks_800w.webp' },
      ],
      shipments: [],
    } as unknown as AdminOrder;
    const { container } = render(<OrderLinesTable order={order} />);
    expect(screen.getByText('Acacia Honey')).toBeTruthy();
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources[1]).toBe('/uploads/products/socks_320w.webp');
    expect(sources[0]).not.toMatch(/^\/uploads/);
    expect(sources[0]).toBeTruthy();
  });
});

describe('the order page lines in Norwegian (issue 31)', () => {
  it('names the columns and sums in bokmål and writes kroner as Norwegians do', () => {
    const order = {
      lines: [{ ...line, id: 'a', image: '', unitPriceOre: 123_450, lineTotalOre: 123_450 }],
      shipments: [],
      itemsTotalOre: 123_450,
      discountOre: 0,
      deliveryMethod: 'pickup',
      shippingByRate: [],
      grandTotalOre: 123_450,
      vatLines: [{ rate: 15, amountOre: 16_102 }],
      refundedOre: 0,
      couponCode: null,
    } as unknown as AdminOrder;
    render(
      <LanguageProvider locale="nb">
        <OrderLinesTable order={order} />
        <OrderTotals order={order} />
      </LanguageProvider>,
    );
    expect(screen.getByRole('columnheader', { name: 'Enhetspris' })).toBeTruthy();
    expect(screen.getByText('HONEY-500').parentElement?.textContent).toBe(
      'Enkeltvare · varenummer HONEY-500',
    );
    expect(screen.getAllByText(/^1\s234,50\skr$/).length).toBeGreaterThan(1);
    expect(screen.getByText('Frakt (hent i butikk)')).toBeTruthy();
    expect(screen.getByText('herav mva. 15 %')).toBeTruthy();
  });
});
