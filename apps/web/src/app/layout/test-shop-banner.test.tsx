import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_SHOP_TEXT, TestShopBanner } from './test-shop-banner.js';

afterEach(() => {
  delete document.documentElement.dataset.testPayments;
});

describe('TestShopBanner (issue 17.3)', () => {
  it('says plainly that the shop takes test payments when the page is marked so', () => {
    document.documentElement.dataset.testPayments = 'true';
    render(<TestShopBanner />);
    expect(screen.getByRole('note').textContent).toBe(TEST_SHOP_TEXT);
  });

  it('is absent from a shop that takes real payments', () => {
    render(<TestShopBanner />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
