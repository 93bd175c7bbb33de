import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestShopBanner } from './test-shop-banner.js';

afterEach(() => {
  delete document.documentElement.dataset.testPayments;
});

describe('TestShopBanner (issue 17.3)', () => {
  it('says plainly that the shop takes test payments when the page is marked so', () => {
    document.documentElement.dataset.testPayments = 'true';
    render(<TestShopBanner />);
    expect(screen.getByRole('note').textContent).toBe(
      'Test shop: payments are in test mode. No card is charged and no order is delivered.',
    );
  });

  it('is absent from a shop that takes real payments', () => {
    render(<TestShopBanner />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
