import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@shop/shared';
import { OrderLinesTable } from './order-lines-table.js';

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
    } as unknown as AdminOrder;
    const { container } = render(<OrderLinesTable order={order} />);
    expect(screen.getByText('Acacia Honey')).toBeTruthy();
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources[1]).toBe('/uploads/products/socks_320w.webp');
    expect(sources[0]).not.toMatch(/^\/uploads/);
    expect(sources[0]).toBeTruthy();
  });
});
