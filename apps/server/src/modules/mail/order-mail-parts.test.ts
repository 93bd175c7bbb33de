import { describe, expect, it } from 'vitest';
import { shopSettingDefaults } from '@shop/shared';
import {
  orderCancelledMail,
  orderConfirmationMail,
  orderRefundedMail,
} from '../orders/order-mails.js';
import { mailboxDate } from './mail.routes.js';
import { osloAddress } from '../../test/checkout-fixtures.js';

// What an order mail's reader reads of the address, the variants and the time (issue 29).

const shop = shopSettingDefaults.shopDetails;
const publicUrl = 'http://shop.example';
const kurta = { name: 'Cotton Kurta', variants: { Size: 'M', Colour: 'Blue' }, quantity: 1 };

describe('order mails', () => {
  it("end the delivery address with the country's name, not its code (issue 29.12)", () => {
    const mail = orderConfirmationMail({
      locale: 'en',
      to: 'kari@example.no',
      name: 'Kari',
      publicUrl,
      orderNumber: 10001,
      orderedAt: new Date('2026-11-27T13:05:00Z'),
      lines: [{ ...kurta, unitPriceOre: 49_900 }],
      itemsTotalOre: 49_900,
      discountOre: 0,
      shippingOre: 7_900,
      grandTotalOre: 57_800,
      vat: [{ rate: 25, amountOre: 11_560 }],
      storePickup: false,
      shippingDetails: osloAddress,
    })(shop);
    expect(mail.text).toContain('Kari Nordmann, Storgata 1, 0155 Oslo, Norway.');
    expect(mail.text).not.toContain('Oslo, NO');
  });

  it('write variant pairs in the order of the storefront and the back office (issue 29.12)', () => {
    const cancelled = orderCancelledMail({
      locale: 'en',
      to: 'kari@example.no',
      name: 'Kari',
      publicUrl,
      orderNumber: 10001,
      lines: [{ ...kurta, unitPriceOre: 49_900 }],
      refundedOre: 0,
    })(shop);
    expect(cancelled.text).toContain('1 × Cotton Kurta (Colour: Blue, Size: M)');
    const refunded = orderRefundedMail({
      locale: 'en',
      to: 'kari@example.no',
      name: 'Kari',
      publicUrl,
      orderNumber: 10001,
      lines: [{ ...kurta, variants: { size: 'M', Colour: 'Blue' }, amountOre: 49_900 }],
      otherOre: 0,
      amountOre: 49_900,
    })(shop);
    expect(refunded.text).toContain('1 × Cotton Kurta (Colour: Blue, size: M) returned');
  });

  it('are listed in the development mailbox on the Oslo clock, summer and winter (issue 29.13)', () => {
    expect(mailboxDate('2025-07-01T22:30:00.000Z')).toBe('2025-07-02 00:30:00 Oslo time');
    expect(mailboxDate('2025-01-15T23:30:05.000Z')).toBe('2025-01-16 00:30:05 Oslo time');
  });
});
