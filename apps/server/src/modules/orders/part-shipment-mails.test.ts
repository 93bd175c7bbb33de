import { describe, expect, it } from 'vitest';
import { shopSettingDefaults, type Locale } from '@shop/shared';
import { osloAddress } from '../../test/checkout-fixtures.js';
import {
  orderCancelledMail,
  orderConfirmationMail,
  orderRefundedMail,
  orderShippedMail,
  type PaidWith,
} from './order-mails.js';

// Issue 32.3: the payment is reserved until the goods ship, so the mails say so, and money goes
// back to where it came from: the card, or Vipps.

const shop = shopSettingDefaults.shopDetails;
const about = (locale: Locale) => ({
  locale,
  to: 'kari@example.no',
  name: 'Kari',
  publicUrl: 'http://shop.example',
  orderNumber: 10001,
});
const honey = { name: 'Acacia Honey', variants: {}, quantity: 2 };

const confirmation = (
  locale: Locale,
  payment?: { paidWith: PaidWith; state: 'reserved' | 'captured' },
  storePickup = false,
) =>
  orderConfirmationMail({
    ...about(locale),
    orderedAt: new Date('2026-11-27T13:05:00Z'),
    lines: [{ ...honey, unitPriceOre: 14_900 }],
    itemsTotalOre: 29_800,
    discountOre: 0,
    shippingOre: 7_900,
    grandTotalOre: 37_700,
    vat: [{ rate: 15, amountOre: 4_917 }],
    storePickup,
    shippingDetails: osloAddress,
    ...(payment ? { payment } : {}),
  })(shop).text;

describe('order mails about a reserved payment (issue 32.3)', () => {
  it('a confirmation says the amount is reserved and charged when the order ships, in both languages', () => {
    const en = confirmation('en', { paidWith: 'card', state: 'reserved' });
    expect(en).toContain('The amount is reserved on your card and charged when your order ships.');
    expect(en).toContain('Total reserved');
    expect(en).not.toContain('Your payment has been received');
    expect(confirmation('en', { paidWith: 'vipps', state: 'reserved' }, true)).toContain(
      'The amount is reserved in Vipps and charged when your order is picked up.',
    );
    const nb = confirmation('nb', { paidWith: 'vipps', state: 'reserved' });
    expect(nb).toContain('Beløpet er reservert i Vipps og trekkes når bestillingen sendes.');
    expect(nb).toContain('Totalt reservert');
  });

  it('a confirmation of a payment captured at the order, or told nothing, says it was received', () => {
    expect(confirmation('en', { paidWith: 'card', state: 'captured' })).toContain(
      'Your payment has been received.',
    );
    expect(confirmation('en')).toContain('Total paid');
    expect(confirmation('nb')).toContain('Vi har mottatt betalingen.');
  });

  it('refunds and cancellations of a Vipps payment send the money back to Vipps, a card’s to the card', () => {
    const refunded = (locale: Locale, paidWith?: PaidWith) =>
      orderRefundedMail({
        ...about(locale),
        lines: [],
        otherOre: 5_000,
        amountOre: 5_000,
        ...(paidWith ? { paidWith } : {}),
      })(shop).text;
    expect(refunded('en', 'vipps')).toContain('The money goes back to your Vipps account');
    expect(refunded('en', 'vipps')).not.toContain('card');
    expect(refunded('nb', 'vipps')).toContain('Pengene går tilbake til Vipps-kontoen din');
    expect(refunded('en')).toContain('The money goes back to the card you paid with');

    const cancelled = (locale: Locale, paidWith: PaidWith, refundedOre: number) =>
      orderCancelledMail({
        ...about(locale),
        lines: [{ ...honey, unitPriceOre: 14_900 }],
        refundedOre,
        paidWith,
      })(shop).text;
    expect(cancelled('en', 'vipps', 0)).toContain('the amount reserved in Vipps has been released');
    expect(cancelled('nb', 'vipps', 0)).toContain('beløpet som var reservert i Vipps, er frigitt');
    expect(cancelled('nb', 'card', 0)).toContain('reservert på kortet ditt');
    expect(cancelled('en', 'vipps', 5_000)).toContain('The money goes back to your Vipps account');
  });

  it('a part shipment tells which items left and that the rest follows; the rest says it is the rest', () => {
    const shipped = (locale: Locale, rest: boolean) =>
      orderShippedMail({
        ...about(locale),
        carrier: 'Posten',
        trackingNumber: 'CP1NO',
        trackingUrl: null,
        part: { lines: [honey], rest },
      })(shop);
    const part = shipped('en', false);
    expect(part.kind).toBe('order-shipped-part');
    expect(part.subject).toContain('Part of your');
    expect(part.text).toContain('Part of your order 10001 has been shipped:');
    expect(part.text).toContain('2 × Acacia Honey');
    expect(part.text).toContain('The rest of your order follows in a later shipment.');
    expect(part.text).toContain('CP1NO');
    const nb = shipped('nb', false).text;
    expect(nb).toContain('En del av bestilling 10001 er sendt:');
    expect(nb).toContain('Resten av bestillingen kommer i en senere sending.');
    const rest = shipped('nb', true);
    expect(rest.kind).toBe('order-shipped');
    expect(rest.text).toContain('Resten av bestilling 10001 er sendt:');
    expect(shipped('en', true).text).toContain('The rest of your order 10001 has been shipped:');
  });
});
