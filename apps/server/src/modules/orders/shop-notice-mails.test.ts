import { describe, expect, it } from 'vitest';
import { shopSettingDefaults, type Locale } from '@shop/shared';
import { osloAddress } from '../../test/checkout-fixtures.js';
import { lowStockNoticeMail, newOrderNoticeMail } from './shop-notice-mails.js';

// Issue 34: the shop's own mails, written in bokmål for its staff, and in English when asked, in
// the layout of every other mail.

const shop = shopSettingDefaults.shopDetails;
const publicUrl = 'http://shop.example/';

const newOrder = (locale: Locale, storePickup = false) =>
  newOrderNoticeMail({
    locale,
    to: 'ordre@butikken.no',
    publicUrl,
    orderId: '22222222-2222-4222-8222-222222222222',
    orderNumber: 10042,
    orderedAt: new Date('2026-11-27T13:05:00Z'),
    customer: { name: 'Kari Nordmann', email: 'kari@example.no', phone: '' },
    lines: [{ name: 'Cotton Kurta', variants: { Size: 'M' }, quantity: 2, unitPriceOre: 61_725 }],
    itemsTotalOre: 123_450,
    discountOre: 0,
    shippingOre: 9_900,
    grandTotalOre: 133_350,
    payment: 'reserved',
    storePickup,
    shippingDetails: storePickup ? null : osloAddress,
  })(shop);

const lowStock = (locale: Locale) =>
  lowStockNoticeMail({
    locale,
    to: 'lager@butikken.no',
    publicUrl,
    items: [
      { productName: 'Acacia Honey', variants: {}, sku: 'AH-1', stock: 0, effectiveThreshold: 5 },
      {
        productName: 'Hemp T-Shirt',
        variants: { Color: 'Red', Size: 'XL' },
        sku: 'HT/R XL',
        stock: 3,
        effectiveThreshold: 5,
      },
    ],
    more: 1,
  })(shop);

describe('the mail of a new order to the shop (issue 34.1)', () => {
  it('in bokmål: the order, the customer without the empty phone, the lines, totals, delivery and the back office link', () => {
    const mail = newOrder('nb');
    expect(mail.kind).toBe('new-order-notice');
    expect(mail.to).toBe('ordre@butikken.no');
    expect(mail.subject).toBe('Ny bestilling 10042 (sendes hjem): 1\u00a0333,50\u00a0kr');
    expect(mail.text).toMatch(/^Hei,\n/);
    expect(mail.text).toContain('Bestilling 10042 kom inn 27. nov. 2026 kl. 14.05.');
    expect(mail.text).toContain('Beløpet er reservert');
    expect(mail.text).toMatch(/Kunde\s+Kari Nordmann\nE-post\s+kari@example\.no\n\n/);
    expect(mail.text).not.toContain('Telefon');
    expect(mail.text).toMatch(/2 × Cotton Kurta \(Size: M\)\s+1\s234,50\skr/);
    expect(mail.text).toMatch(/Frakt\s+99,00\skr/);
    expect(mail.text).toMatch(/Totalt reservert\s+1\s333,50\skr/);
    expect(mail.text).toContain('Sendes hjem til Kari Nordmann, Storgata 1, 0155 Oslo, Norge.');
    expect(mail.text).toContain(
      'http://shop.example/admin/orders/22222222-2222-4222-8222-222222222222',
    );
    expect(mail.html).toContain('<html lang="nb">');
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\b(Hi|Your|the|you|Best)\b/);
  });

  it('in English, a store pickup', () => {
    const mail = newOrder('en', true);
    expect(mail.subject).toBe('New order 10042 (store pickup): NOK\u00a01,333.50');
    expect(mail.text).toMatch(/^Hi,\n/);
    expect(mail.text).toContain('Order 10042 came in on');
    expect(mail.text).toContain('Store pickup.');
    expect(mail.text).not.toContain('Home delivery to');
    expect(mail.text).toContain('Open order 10042 in the back office');
    expect(mail.html).toContain('<html lang="en">');
  });
});

describe('the low-stock mail to the shop (issue 34.2)', () => {
  it('in bokmål: each item with its SKU, stock (sold out said so), threshold and a link to adjust it, and the rest counted', () => {
    const mail = lowStock('nb');
    expect(mail.kind).toBe('low-stock');
    expect(mail.subject).toBe('3 varer har lite på lager hos Nordic Trading');
    expect(mail.text).toMatch(
      /Acacia Honey\n-+\n\nVarenummer\s+AH-1\nPå lager\s+0 \(utsolgt\)\nGrense for lite lager\s+5/,
    );
    expect(mail.text).toContain('Hemp T-Shirt (Color: Red, Size: XL)');
    expect(mail.text).toMatch(/På lager\s+3\n/);
    expect(mail.text).toContain('http://shop.example/admin/inventory?q=AH-1');
    expect(mail.text).toContain('http://shop.example/admin/inventory?q=HT%2FR%20XL');
    expect(mail.text).toContain('1 vare til har lite på lager.');
    expect(mail.html).toContain('href="http://shop.example/admin/inventory?state=low"');
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\b(Hi|Your|the|you|Best)\b/);
  });

  it('in English', () => {
    const mail = lowStock('en');
    expect(mail.subject).toBe('3 items are low on stock at Nordic Trading');
    expect(mail.text).toMatch(/In stock\s+0 \(sold out\)/);
    expect(mail.text).toContain('Adjust the stock of HT/R XL');
    expect(mail.text).toContain('1 more item is low on stock.');
    expect(mail.text).toContain('Best regards,\nNordic Trading');
  });
});
