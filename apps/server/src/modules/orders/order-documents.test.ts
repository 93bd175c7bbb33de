import { parse } from 'csv-parse/sync';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatAmount,
  oreToNok,
  shopSettingDefaults,
  type CreatePaymentResponse,
  type Locale,
  type Order,
  type SessionUser,
} from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  latestMail,
  uniqueEmail,
} from '../../test/account-fixtures.js';
import { createBackOfficeTestApp, type BackOfficeTestApp } from '../../test/back-office-app.js';
import { required } from '../../test/catalog-fixtures.js';
import {
  createPayment,
  line,
  payWithTestCard,
  placeOrder,
  saveOsloAddress,
} from '../../test/checkout-fixtures.js';
import { waitForMailFiles } from '../../test/mail-files.js';
import { pdfText } from '../../test/pdf-text.js';
import { users } from '../accounts/accounts.tables.js';
import { productItems } from '../catalog/catalog.tables.js';
import { promotions } from '../promotions/promotions.tables.js';
import { parseEml } from '../mail/eml.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { mailDir } from '../mail/mail.worker.js';
import { setSetting } from '../settings/settings.service.js';
import { ordersCsvHeader } from './orders-csv.js';
import { orderLines, orders } from './orders.tables.js';

// Issue 34.5, orders out, on each test database: the order list as CSV for Excel in Norway, an
// order's receipt and packing slip as PDF, and the receipt sent with the order confirmation.

let office: BackOfficeTestApp;
/** The seller with Norwegian letters in its name, to see them come out of the PDF. */
const shop = { ...shopSettingDefaults.shopDetails, name: 'Blåbær & Søm' };

beforeAll(async () => {
  office = await createBackOfficeTestApp();
  await setSetting(office.ctx.db, 'shopDetails', shop);
});
afterAll(() => office.ctx.close());

const item = (slug: string) => required(office.catalog.products[slug], slug).defaultItemId;

async function shopper(name = 'Kari Nordmann'): Promise<SessionUser> {
  const user = await createVerifiedUser(office.ctx.app, office.ctx.db, {
    name,
    email: uniqueEmail('documents'),
  });
  await saveOsloAddress(office.ctx.app, user);
  return user;
}

/** Pays and places an order in a language, as the storefront does; the order and its lines. */
async function buy(
  user: SessionUser,
  cart: { slug: string; qty: number }[],
  {
    locale = 'nb',
    storePickup = false,
    couponCode,
  }: { locale?: Locale; storePickup?: boolean; couponCode?: string } = {},
) {
  const lines = cart.map(({ slug, qty }) => line(item(slug), qty));
  const created = await createPayment(office.ctx.app, user, lines, {
    storePickup,
    headers: { 'accept-language': locale },
    ...(couponCode && { couponCode }),
  });
  expect(created.statusCode, created.body).toBe(200);
  const { paymentId } = created.json<CreatePaymentResponse>();
  expect((await payWithTestCard(office.ctx.app, paymentId)).statusCode).toBe(200);
  const placed = await placeOrder(office.ctx.app, user, paymentId, lines, { storePickup });
  expect(placed.statusCode, placed.body).toBe(201);
  const { _id } = placed.json<Order>();
  const [order] = await office.ctx.db.select().from(orders).where(eq(orders.id, _id));
  const bought = await office.ctx.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, _id))
    .orderBy(asc(orderLines.position));
  return { order: required(order, 'order'), lines: bought };
}

/** Whose bearer token a call carries; null for none. */
type Caller = { accessToken: string } | null;

const get = (url: string, as: Caller = office.staff.session) =>
  office.ctx.app.inject({ method: 'GET', url, headers: as ? bearer(as) : {} });

/** An amount as the documents write it, its spaces plain. */
const nok = (ore: number, locale: Locale = 'nb') =>
  formatAmount(oreToNok(ore), 1, 'NOK', locale)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace('\u2212', '-');

/** The CSV's amounts: 1234,50 with a decimal comma and no thousands separator. */
const csvNok = (ore: number) => `${Math.trunc(ore / 100)},${String(ore % 100).padStart(2, '0')}`;

const osloMinute = (instant: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);

let kari: SessionUser;
let ola: SessionUser;
let homeOrder: Awaited<ReturnType<typeof buy>>;
let pickupOrder: Awaited<ReturnType<typeof buy>>;

beforeAll(async () => {
  kari = await shopper();
  // Goods at 25 % and 15 %, so the shipping and the VAT fall on two rates.
  homeOrder = await buy(kari, [
    { slug: 'wool-socks', qty: 2 },
    { slug: 'acacia-honey', qty: 1 },
  ]);
  ola = await shopper('Ola English');
  pickupOrder = await buy(ola, [{ slug: 'hemp-t-shirt', qty: 1 }], {
    locale: 'en',
    storePickup: true,
  });
});

describe('GET /api/admin/orders/export.csv (issue 34.5)', () => {
  async function exported(query = '') {
    const response = await get(`/api/admin/orders/export.csv${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }
  const rowsOf = (body: string) =>
    parse(body, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];

  it('writes every order the list finds for Excel in Norway: BOM, semicolons, CRLF, the header, and a row’s fields in Oslo time with decimal commas', async () => {
    const response = await exported('?pageSize=1&page=1');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const body = response.rawPayload.toString('utf8');
    expect(body.slice(1).split('\r\n')[0]).toBe(ordersCsvHeader.join(';'));
    expect(body.replace(/\r\n/g, '')).not.toContain('\n');
    const rows = rowsOf(body);
    // All of them, not the one page asked for: page and pageSize are the list's, not the file's.
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const { order } = homeOrder;
    const row = required(
      rows.find((candidate) => candidate.Order === String(order.number)),
      'the home order',
    );
    const vatOre = order.vatLines.reduce((sum, vat) => sum + vat.amountOre, 0);
    expect(row).toEqual({
      Order: String(order.number),
      Date: osloMinute(order.createdAt),
      'Delivery status': 'PENDING',
      'Payment status': order.paymentStatus,
      Customer: 'Kari Nordmann',
      'E-mail': kari.email,
      'Delivery method': 'home',
      'Postal code': '0155',
      City: 'Oslo',
      Items: '3',
      Goods: csvNok(order.grandTotalOre - order.shippingOre),
      Shipping: csvNok(order.shippingOre),
      VAT: csvNok(vatOre),
      Total: csvNok(order.grandTotalOre),
    });
    // 2 × 99,00 + 149,00: the goods as Excel in Norway reads a number.
    expect(row.Goods).toBe('347,00');
    expect(row.Total).toMatch(/^\d+,\d\d$/);
    // Newest first, as the list sorts by default.
    expect(rows.map((candidate) => Number(candidate.Order))).toEqual(
      rows.map((candidate) => Number(candidate.Order)).sort((a, b) => b - a),
    );
  });

  it('applies the list’s search and filters', async () => {
    const byNumber = rowsOf((await exported(`?q=${homeOrder.order.number}`)).body);
    expect(byNumber.map((row) => row.Order)).toEqual([String(homeOrder.order.number)]);
    const pickups = rowsOf((await exported('?delivery=pickup')).body);
    expect(pickups.map((row) => row.Order)).toContain(String(pickupOrder.order.number));
    expect(pickups.every((row) => row['Delivery method'] === 'pickup')).toBe(true);
    expect(pickups.map((row) => row.Order)).not.toContain(String(homeOrder.order.number));
    const sorted = rowsOf((await exported('?sort=number&order=asc')).body).map((row) =>
      Number(row.Order),
    );
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    // A store pickup's place is the buyer's billing address.
    const pickup = pickups.find((row) => row.Order === String(pickupOrder.order.number));
    expect(pickup).toMatchObject({ Customer: 'Ola English', 'Postal code': '', City: '' });
  });

  it('writes a customer’s text that starts like a formula as text', async () => {
    const user = await shopper();
    await office.ctx.db
      .update(users)
      .set({ name: '=HYPERLINK("https://evil.example","Klikk")' })
      .where(eq(users.email, user.email));
    const { order } = await buy(user, [{ slug: 'green-tea', qty: 1 }]);
    const response = await exported(`?q=${order.number}`);
    const [row] = rowsOf(response.body);
    expect(row?.Customer).toBe(`'=HYPERLINK("https://evil.example","Klikk")`);
    expect(response.body).not.toMatch(/;=HYPERLINK|;"=HYPERLINK/);
  });

  it('refuses a bad filter with 400 and its reason', async () => {
    const bad = await get('/api/admin/orders/export.csv?deliveryStatus=LOST');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('deliveryStatus must be one of');
    const backwards = await get('/api/admin/orders/export.csv?from=2026-05-02&to=2026-05-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toContain('from must not be after to');
  });

  it('is for staff only: 401 without a session, 403 for a customer', async () => {
    expect((await get('/api/admin/orders/export.csv', null)).statusCode).toBe(401);
    expect((await get('/api/admin/orders/export.csv', kari)).statusCode).toBe(403);
    expect((await get('/api/admin/orders/export.csv', office.owner.session)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/orders/:id/receipt.pdf (issue 34.5)', () => {
  it('writes the receipt a Norwegian sale needs, in bokmål for an order placed in bokmål', async () => {
    const { order, lines } = homeOrder;
    const response = await get(`/api/admin/orders/${order.id}/receipt.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="kvittering-${order.number}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    // The seller, with Norwegian letters, and its organisation number as the register writes it.
    for (const expected of [
      'Kvittering',
      'Blåbær & Søm',
      'Storgata 12',
      '0155 Oslo',
      'Org.nr. 923 456 789 MVA',
      `Kvitteringsnr. ${order.number}`,
      `Ordre #${order.number}`,
      'Kunde',
      'Kari Nordmann',
      'Beløp',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Dato: \d{1,2}\. \S+ \d{4} kl\. \d\d\.\d\d/);
    // Each line with its quantity, unit price, VAT rate and amount, VAT included.
    for (const bought of lines) {
      expect(text).toContain(bought.productName);
      expect(text).toContain(nok(bought.unitPriceOre));
      expect(text).toContain(nok(bought.unitPriceOre * bought.quantity));
    }
    expect(text).toContain('Wool Socks\n2\n99,00 kr\n25 %\n198,00 kr');
    expect(text).toContain('Acacia Honey\n1\n149,00 kr\n15 %\n149,00 kr');
    // The shipping over the two rates, the total, and the VAT per rate with its base.
    const shares = required(order.shippingByRate, 'shipping by rate');
    expect(shares.map((share) => share.rate)).toEqual([25, 15]);
    for (const share of shares) {
      expect(text).toContain(`Frakt, andel med ${share.rate} % mva.\n${nok(share.grossOre)}`);
    }
    expect(text).toContain(`Totalt\n${nok(order.grandTotalOre)}`);
    expect(text).toContain('Merverdiavgift per sats');
    for (const vat of order.vatLines) {
      const grossOre =
        lines
          .filter((bought) => bought.vatPercent === vat.rate)
          .reduce((sum, bought) => sum + bought.unitPriceOre * bought.quantity, 0) +
        (shares.find((share) => share.rate === vat.rate)?.grossOre ?? 0);
      expect(text).toContain(
        `${vat.rate} %\n${nok(grossOre - vat.amountOre)}\n${nok(vat.amountOre)}\n${nok(grossOre)}`,
      );
    }
    // How it was paid: reserved on the card until the goods ship (the shop's default); a
    // sentence may wrap.
    expect(text.replace(/\n/g, ' ')).toContain(
      'Beløpet er reservert med kort (testbetalinger) og trekkes når varene sendes eller hentes.',
    );
    expect(text).toContain(`Betalingsreferanse: ${order.paymentId}`);
  });

  it('writes it in English for an order placed in English, with the store pickup’s shipping', async () => {
    const { order } = pickupOrder;
    const response = await get(`/api/admin/orders/${order.id}/receipt.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${order.number}.pdf"`,
    );
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Receipt',
      'Org. no. 923 456 789 MVA',
      `Receipt no. ${order.number}`,
      'Hemp T-Shirt\nColor: Red, Size: M',
      'Shipping (store pickup)',
      'VAT by rate',
      `Total\n${nok(order.grandTotalOre, 'en')}`,
      'The amount is reserved by card (test payments)',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Kvittering');
  });

  it('takes the coupon off the lines, puts the VAT of each rate as paid, and shows the payment and the money given back', async () => {
    await office.ctx.db.insert(promotions).values({
      code: 'HONNING10',
      type: 'percent',
      value: 10,
      validFrom: new Date(Date.now() - 86_400_000),
      validTo: new Date(Date.now() + 86_400_000),
    });
    // Charged at the order, so that money can be given back.
    await setSetting(office.ctx.db, 'paymentCapture', 'ordered');
    let bought: Awaited<ReturnType<typeof buy>>;
    try {
      bought = await buy(
        await shopper(),
        [
          { slug: 'wool-socks', qty: 1 },
          { slug: 'acacia-honey', qty: 2 },
        ],
        { couponCode: 'HONNING10' },
      );
    } finally {
      await setSetting(office.ctx.db, 'paymentCapture', 'shipped');
    }
    const { order } = bought;
    expect(order.paymentStatus).toBe('CHARGED');
    const refunded = await office.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: bearer(office.owner.session),
      payload: { kind: 'goodwill', amountOre: 2_500, note: 'Late' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const text = pdfText((await get(`/api/admin/orders/${order.id}/receipt.pdf`)).rawPayload);
    // 10 % of 99,00 + 2 × 149,00 off the lines.
    expect(text).toContain(`Rabattkode HONNING10\n${nok(-3_970)}`);
    // Each rate's VAT is the order's, on its share of the total after the coupon.
    for (const vat of order.vatLines)
      expect(text).toMatch(new RegExp(`\\n${vat.rate} %\\n[^\\n]+\\n${nok(vat.amountOre)}\\n`));
    const vatOre = order.vatLines.reduce((sum, vat) => sum + vat.amountOre, 0);
    expect(text).toMatch(
      new RegExp(
        `Sum\\n${nok(order.grandTotalOre - vatOre)}\\n${nok(vatOre)}\\n${nok(order.grandTotalOre)}`,
      ),
    );
    expect(text).toMatch(/Betalt med kort \(testbetalinger\) \d{1,2}\. \S+ \d{4}\./);
    expect(text).toMatch(
      new RegExp(`Refusjoner\\nRefundert \\d{1,2}\\. \\S+ \\d{4}\\n${nok(-2_500)}`),
    );
  });

  it('says the seller is not registered for VAT when it is not: no MVA after the number', async () => {
    await setSetting(office.ctx.db, 'shopDetails', { ...shop, vatRegistered: false });
    try {
      const response = await get(`/api/admin/orders/${homeOrder.order.id}/receipt.pdf`);
      const text = pdfText(response.rawPayload);
      expect(text).toContain('Org.nr. 923 456 789');
      expect(text).not.toContain('MVA');
    } finally {
      await setSetting(office.ctx.db, 'shopDetails', shop);
    }
  });
});

describe('GET /api/admin/orders/:id/packing-slip.pdf (issue 34.5)', () => {
  it('lists what to pick, with SKU, options and units, and where it goes, without a price', async () => {
    const { order, lines } = homeOrder;
    const response = await get(`/api/admin/orders/${order.id}/packing-slip.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="pakkseddel-${order.number}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    const skus = await office.ctx.db
      .select({ id: productItems.id, sku: productItems.sku })
      .from(productItems);
    const skuOf = (itemId: string | null) => skus.find((row) => row.id === itemId)?.sku;
    for (const expected of [
      'Pakkseddel',
      `Ordre #${order.number}`,
      'Hjemlevering til',
      'Kari Nordmann',
      'Storgata 1',
      '0155 Oslo',
      'Varenummer',
    ])
      expect(text).toContain(expected);
    for (const bought of lines)
      expect(text).toContain(
        `${required(skuOf(bought.productItemId), 'sku')}\n${bought.productName}\n${bought.quantity}`,
      );
    // No price, no total, no VAT: it travels in the parcel.
    expect(text).not.toMatch(/kr\b|\d,\d\d|mva/i);
  });

  it('names the store pickup and the option of a line', async () => {
    const response = await get(`/api/admin/orders/${pickupOrder.order.id}/packing-slip.pdf`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Store pickup\nFor Ola English');
    expect(text).toContain('Hemp T-Shirt\nColor: Red, Size: M\n1');
    expect(text).not.toMatch(/NOK|\d\.\d\d/);
  });
});

describe('the documents of an order that does not exist, and who may have them (issue 34.5)', () => {
  it.each(['receipt.pdf', 'packing-slip.pdf'])('%s: 404 for an unknown order', async (file) => {
    const response = await get(`/api/admin/orders/6f1c2d7e-0000-4000-8000-00000000dead/${file}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Order not found' });
  });

  it.each(['receipt.pdf', 'packing-slip.pdf'])(
    '%s: 401 without a session, 403 for a customer, the owner and staff may',
    async (file) => {
      const url = `/api/admin/orders/${homeOrder.order.id}/${file}`;
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, kari)).statusCode).toBe(403);
      expect((await get(url, office.owner.session)).statusCode).toBe(200);
      expect((await get(url, office.staff.session)).statusCode).toBe(200);
    },
  );
});

describe('the receipt on the order confirmation (issue 34.5)', () => {
  /** The confirmation as its recipient got it: the `.eml` the test server's worker wrote. */
  async function deliveredConfirmation(to: string) {
    const queued = required(
      await latestMail(office.ctx.db, to, 'order-confirmation'),
      'the confirmation',
    );
    const [file] = await waitForMailFiles(mailDir(office.ctx.env.dataDir), 'the confirmation', {
      named: (name) => name.endsWith(`-${queued.id}.eml`),
    });
    return { id: queued.id, mail: parseEml(required(file, 'the mail file').text) };
  }

  it('carries the receipt as kvittering-<number>.pdf, the same receipt the back office downloads', async () => {
    const { order } = homeOrder;
    const { id, mail } = await deliveredConfirmation(kari.email);
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`kvittering-${order.number}.pdf`, 'application/pdf'],
    ]);
    const receipt = required(mail.attachments[0], 'the receipt');
    expect(receipt.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(receipt.content);
    expect(text).toContain(`Kvitteringsnr. ${order.number}`);
    expect(text).toContain('Org.nr. 923 456 789 MVA');
    expect(text).toContain(`Totalt\n${nok(order.grandTotalOre)}`);
    // The mail's own words stay as they were, and the file goes from the outbox once sent.
    expect(mail.text).toContain(`${order.number}`);
    const [row] = await office.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attachments: null });
  });

  it('names it receipt-<number>.pdf in English', async () => {
    const { mail } = await deliveredConfirmation(ola.email);
    expect(mail.attachments.map((file) => file.filename)).toEqual([
      `receipt-${pickupOrder.order.number}.pdf`,
    ]);
    expect(pdfText(required(mail.attachments[0], 'receipt').content)).toContain('Receipt');
  });
});
