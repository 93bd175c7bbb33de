import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download.js';

describe('downloads (issue 12)', () => {
  it('takes the file name from the export answer', () => {
    expect(
      filenameFromDisposition('attachment; filename="products-2025-03-31.csv"', 'products.csv'),
    ).toBe('products-2025-03-31.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''varer%20%C3%A6.csv", 'x')).toBe(
      'varer æ.csv',
    );
    expect(filenameFromDisposition(null, 'products.csv')).toBe('products.csv');
    expect(filenameFromDisposition('attachment', 'products.csv')).toBe('products.csv');
  });
});
