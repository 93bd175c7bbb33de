import type PDFDocument from 'pdfkit';
import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatOrganisationNumber,
  oreToNok,
  variantText,
  type Locale,
  type MessageValues,
  type OrderPaymentStatus,
  type SavedAddress,
  type ShopDetails,
} from '@shop/shared';
import { translate, type MessageKey } from '../../i18n/i18n.js';
import { countryNameIn, findCountry } from '../countries/index.js';
import type { ShippingShare } from '../payments/index.js';

/**
 * An order's receipt and packing slip as PDF, drawn with PDFKit in its standard fonts
 * (Helvetica), which every reader has, so nothing is embedded and a receipt weighs a few KB.
 * Those fonts write WinAnsi (Windows-1252): Norwegian letters and the signs a receipt uses are
 * in it; anything else is written as its plain letter (ő as o) or as "?".
 */

/** A name and an address as a document prints them. */
export type DocumentAddress = Pick<
  SavedAddress,
  'name' | 'address' | 'apartmentNumber' | 'postalCode' | 'city' | 'country'
>;

/** The VAT of one rate over the goods and the shipping at it. */
export interface VatAtRate {
  rate: number;
  /** Without VAT. */
  baseOre: number;
  vatOre: number;
  grossOre: number;
}

/** What an order's receipt and packing slip print, in øre; the PDFs write it out. */
export interface OrderDocument {
  number: number;
  createdAt: Date;
  /** The order's language, the one it was placed in: its documents are in it. */
  locale: Locale;
  storePickup: boolean;
  /** In the order they were bought. */
  lines: {
    name: string;
    variants: Record<string, string>;
    /** The item's SKU now, while it exists. */
    sku: string | null;
    quantity: number;
    returnedQuantity: number;
    /** What one was sold for, VAT included. */
    unitPriceOre: number;
    vatPercent: number;
  }[];
  /** What the coupon took off the lines' selling prices (product discounts are in them). */
  couponOre: number;
  couponCode: string | null;
  /** The shipping over the VAT rates as it was paid. */
  shippingByRate: ShippingShare[];
  grandTotalOre: number;
  /** Highest rate first; the rates the sale has. */
  vat: VatAtRate[];
  /**
   * The buyer: the billing address, else the delivery's, else the one kept for the books; a
   * store pickup has none of them, and names the account's holder (who fetches it).
   */
  buyer: DocumentAddress | null;
  /** Where a home delivery goes; null for a store pickup. */
  deliveryAddress: DocumentAddress | null;
  payment: {
    provider: string;
    paymentId: string;
    status: OrderPaymentStatus;
    chargedAt: Date | null;
  };
  /** Money given back, oldest first. */
  refunds: { completedAt: Date; amountOre: number }[];
}

type Pdf = InstanceType<typeof PDFDocument>;

/**
 * PDFKit and its font tables load on the first document, not when the server starts: most
 * processes never write one, and the start-up time is measured.
 */
let pdfkit: Promise<{ default: typeof PDFDocument }> | undefined;
const loadPdfkit = () => (pdfkit ??= import('pdfkit'));

/** The signs of Windows-1252 beyond Latin-1, which the standard fonts also draw. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const inWinAnsi = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char)
  );
};

/**
 * Text as the standard fonts can write it: the minus and thin spaces Intl formats numbers with
 * become their WinAnsi twins, a letter outside it its base letter, anything else "?".
 */
export function winAnsi(text: string): string {
  return [...text.replace(/\u2212/g, '-').replace(/[\u2009\u202f]/g, '\u00a0')]
    .map((char) => {
      if (char === '\n' || inWinAnsi(char)) return char;
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return base !== '' && [...base].every(inWinAnsi) ? base : '?';
    })
    .join('');
}

const A4 = { width: 595.28, height: 841.89 };
const margin = 50;
const left = margin;
const right = A4.width - margin;
const bottom = A4.height - margin;

const font = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

interface Column {
  x: number;
  width: number;
  align: 'left' | 'right';
}

/** A column from `x` to `to`. */
const column = (x: number, to: number, align: 'left' | 'right' = 'left'): Column => ({
  x,
  width: to - x,
  align,
});

class DocumentWriter {
  readonly t: (key: MessageKey, values?: MessageValues) => string;

  constructor(
    readonly doc: Pdf,
    readonly locale: Locale,
  ) {
    this.t = (key, values) => translate(locale, key, values);
  }

  money(ore: number): string {
    return formatAmount(oreToNok(ore), 1, 'NOK', this.locale);
  }

  /** Writes `text` at (x, y) within `width`; answers the height it took. */
  write(
    text: string,
    x: number,
    y: number,
    options: { width: number; align?: 'left' | 'right'; bold?: boolean; size?: number },
  ): number {
    const { doc } = this;
    const clean = winAnsi(text);
    doc.font(options.bold ? font.bold : font.regular).fontSize(options.size ?? 10);
    const layout = { width: options.width, align: options.align ?? 'left' };
    doc.text(clean, x, y, layout);
    return doc.heightOfString(clean, layout);
  }

  /** Lines one under the other from `y`; answers where the next thing goes. */
  lines(
    texts: readonly string[],
    x: number,
    y: number,
    options: { width: number; align?: 'left' | 'right'; bold?: boolean; size?: number },
  ): number {
    let at = y;
    for (const text of texts) at += this.write(text, x, at, options);
    return at;
  }

  rule(y: number, from = left, to = right) {
    this.doc.moveTo(from, y).lineTo(to, y).lineWidth(0.5).strokeColor('#888888').stroke();
  }

  /** A new page when `height` more would not fit under `y`; answers where to go on. */
  room(y: number, height: number, onNewPage: (top: number) => number = (top) => top): number {
    if (y + height <= bottom) return y;
    this.doc.addPage();
    return onNewPage(margin);
  }

  /**
   * A table: its header row, then each row; a row that would cross the bottom goes on a new
   * page under the header again. Answers where the next thing goes.
   */
  table(
    columns: readonly Column[],
    header: readonly string[],
    rows: readonly string[][],
    y: number,
  ) {
    const rowHeight = (cells: readonly string[], bold: boolean) => {
      this.doc.font(bold ? font.bold : font.regular).fontSize(10);
      return Math.max(
        ...cells.map((cell, index) =>
          this.doc.heightOfString(winAnsi(cell), { width: columns[index]?.width ?? 0 }),
        ),
      );
    };
    const drawRow = (cells: readonly string[], top: number, bold: boolean) => {
      cells.forEach((cell, index) => {
        const at = columns[index];
        if (at) this.write(cell, at.x, top, { width: at.width, align: at.align, bold });
      });
      return top + rowHeight(cells, bold);
    };
    const drawHeader = (top: number) => {
      const below = drawRow(header, top, true) + 3;
      this.rule(below);
      return below + 5;
    };
    let at = drawHeader(y);
    for (const row of rows) {
      at = this.room(at, rowHeight(row, false) + 4, drawHeader);
      at = drawRow(row, at, false) + 4;
    }
    return at;
  }

  address(address: DocumentAddress): string[] {
    const country = findCountry(address.country);
    return [
      address.name,
      [address.address, address.apartmentNumber].filter(Boolean).join(', '),
      [address.postalCode, address.city].filter(Boolean).join(' '),
      country ? countryNameIn(this.locale, country) : address.country,
    ].filter((part) => part.trim() !== '');
  }

  /** The seller at the top left; answers where it ends. */
  seller(shop: ShopDetails, withContact: boolean): number {
    const width = 260;
    let y = margin + this.write(shop.name, left, margin, { width, bold: true, size: 14 });
    y = this.lines([shop.street, `${shop.postalCode} ${shop.city}`, shop.country], left, y + 2, {
      width,
    });
    if (!withContact) return y;
    return this.lines(
      [
        this.t('documents.contact', { phone: shop.phone, email: shop.email }),
        // As the Register of Business Enterprises writes it: "Org.nr. 923 456 789 MVA".
        this.t('mails.layout.organisationNumber', {
          number: formatOrganisationNumber(shop.organisationNumber),
          vat: shop.vatRegistered ? 'yes' : 'no',
        }),
      ],
      left,
      y,
      { width },
    );
  }

  /** The document's name, number and date at the top right; answers where it ends. */
  heading(title: string, numbers: readonly string[], date: Date): number {
    const x = 330;
    const width = right - x;
    const y =
      margin + this.write(title, x, margin, { width, align: 'right', bold: true, size: 20 });
    return this.lines(
      [...numbers, this.t('documents.date', { date: formatDateTime(this.locale, date) })],
      x,
      y + 4,
      { width, align: 'right' },
    );
  }

  variantsOf(line: { name: string; variants: Record<string, string> }): string {
    const variant = variantText(line.variants);
    return variant ? `${line.name}\n${variant}` : line.name;
  }
}

/** Writes a document with PDFKit and answers its bytes. */
async function render(
  meta: { title: string; author: string; locale: Locale },
  draw: (writer: DocumentWriter) => void,
): Promise<Buffer> {
  const { default: PdfKitDocument } = await loadPdfkit();
  const doc = new PdfKitDocument({
    size: 'A4',
    margin,
    lang: meta.locale === 'en' ? 'en-GB' : 'nb-NO',
    displayTitle: true,
    info: { Title: winAnsi(meta.title), Author: winAnsi(meta.author) },
  });
  const chunks: Buffer[] = [];
  const written = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(new DocumentWriter(doc, meta.locale));
  doc.end();
  return written;
}

/**
 * The receipt a Norwegian sale needs (bokføringsforskriften § 5-2-1): the seller with its
 * organisation number (MVA when registered for VAT), the buyer, the date and number, each line
 * with its quantity, unit price, VAT rate and amount, the coupon and the shipping with their VAT,
 * the total, the VAT per rate with its base, and how it was paid.
 */
export function receiptPdf(order: OrderDocument, shop: ShopDetails): Promise<Buffer> {
  const title = translate(order.locale, 'documents.receipt.title');
  return render(
    { title: `${title} ${order.number} – ${shop.name}`, author: shop.name, locale: order.locale },
    (writer) => {
      const { t } = writer;
      const number = String(order.number);
      let y = Math.max(
        writer.seller(shop, true),
        writer.heading(
          title,
          [t('documents.receipt.number', { number }), t('documents.order', { number })],
          order.createdAt,
        ),
      );
      if (order.buyer) {
        y += 16;
        y += writer.write(t('documents.customer'), left, y, { width: 260, bold: true });
        y = writer.lines(writer.address(order.buyer), left, y, { width: 260 });
      }
      y += 20;
      const columns = [
        column(left, 265),
        column(270, 310, 'right'),
        column(315, 395, 'right'),
        column(400, 440, 'right'),
        column(445, right, 'right'),
      ];
      y = writer.table(
        columns,
        [
          t('documents.item'),
          t('documents.qty'),
          t('documents.unitPrice'),
          t('documents.vat'),
          t('documents.amount'),
        ],
        order.lines.map((line) => [
          writer.variantsOf(line),
          String(line.quantity),
          writer.money(line.unitPriceOre),
          t('documents.vatPercent', { rate: line.vatPercent }),
          writer.money(line.unitPriceOre * line.quantity),
        ]),
        y,
      );
      writer.rule(y - 2);
      const shares = order.shippingByRate.filter((share) => share.grossOre > 0);
      const sums: [string, number, boolean][] = [
        ...(order.couponOre > 0
          ? [
              [
                order.couponCode
                  ? t('documents.couponCode', { code: order.couponCode })
                  : t('documents.coupon'),
                -order.couponOre,
                false,
              ] as [string, number, boolean],
            ]
          : []),
        ...(shares.length === 0
          ? [
              [
                t('documents.shipping.none', { method: order.storePickup ? 'pickup' : 'home' }),
                0,
                false,
              ] as [string, number, boolean],
            ]
          : shares.map((share): [string, number, boolean] => [
              t(shares.length === 1 ? 'documents.shipping.one' : 'documents.shipping.share', {
                rate: share.rate,
              }),
              share.grossOre,
              false,
            ])),
        [t('documents.total'), order.grandTotalOre, true],
      ];
      y += 4;
      for (const [label, ore, bold] of sums) {
        y = writer.room(y, 16);
        const height = writer.write(label, left, y, { width: 390, align: 'right', bold });
        writer.write(writer.money(ore), 445, y, { width: right - 445, align: 'right', bold });
        y += height + 3;
      }

      y = writer.room(y + 18, 30 + 16 * (order.vat.length + 1));
      y += writer.write(t('documents.vatSummary.heading'), left, y, { bold: true, width: 300 });
      y += 4;
      const sum = (field: 'baseOre' | 'vatOre' | 'grossOre') =>
        order.vat.reduce((total, vat) => total + vat[field], 0);
      y = writer.table(
        [
          column(left, 150),
          column(250, 345, 'right'),
          column(350, 440, 'right'),
          column(445, right, 'right'),
        ],
        [
          t('documents.vatSummary.rate'),
          t('documents.vatSummary.base'),
          t('documents.vatSummary.vat'),
          t('documents.vatSummary.gross'),
        ],
        [
          ...order.vat.map((vat) => [
            t('documents.vatPercent', { rate: vat.rate }),
            writer.money(vat.baseOre),
            writer.money(vat.vatOre),
            writer.money(vat.grossOre),
          ]),
          [
            t('documents.vatSummary.total'),
            writer.money(sum('baseOre')),
            writer.money(sum('vatOre')),
            writer.money(sum('grossOre')),
          ],
        ],
        y,
      );

      const method = t('documents.paymentMethod', { provider: order.payment.provider });
      const { chargedAt, status } = order.payment;
      const payment = [
        chargedAt
          ? t('documents.paidOn', { method, date: formatDate(order.locale, chargedAt) })
          : status === 'AUTHORISED' || status === 'CHARGE_FAILED'
            ? t('documents.reserved', { method })
            : t('documents.paidWith', { method }),
        t('documents.reference', { reference: order.payment.paymentId }),
      ];
      y = writer.room(y + 14, 50);
      y += writer.write(t('documents.payment'), left, y, { bold: true, width: 300 });
      y = writer.lines(payment, left, y, { width: right - left });

      if (order.refunds.length > 0) {
        y = writer.room(y + 14, 30 + 16 * order.refunds.length);
        y += writer.write(t('documents.refunds'), left, y, { bold: true, width: 300 });
        for (const refund of order.refunds) {
          y = writer.room(y, 16);
          const label = t('documents.refunded', {
            date: formatDate(order.locale, refund.completedAt),
          });
          const height = writer.write(label, left, y, { width: 390 });
          writer.write(writer.money(-refund.amountOre), 445, y, {
            width: right - 445,
            align: 'right',
          });
          y += height + 3;
        }
      }
    },
  );
}

/**
 * What to pick and where it goes: the units still to send of each line, with its SKU and
 * options and a box to tick; no prices, as it travels in the parcel.
 */
export function packingSlipPdf(order: OrderDocument, shop: ShopDetails): Promise<Buffer> {
  const title = translate(order.locale, 'documents.packingSlip.title');
  return render(
    { title: `${title} ${order.number} – ${shop.name}`, author: shop.name, locale: order.locale },
    (writer) => {
      const { t } = writer;
      let y = Math.max(
        writer.seller(shop, false),
        writer.heading(
          title,
          [t('documents.order', { number: String(order.number) })],
          order.createdAt,
        ),
      );
      y += 18;
      y += writer.write(t('documents.delivery'), left, y, { width: 300, bold: true });
      if (!order.storePickup && order.deliveryAddress) {
        y = writer.lines(
          [t('documents.homeTo'), ...writer.address(order.deliveryAddress)],
          left,
          y,
          { width: 300 },
        );
      } else {
        y = writer.lines(
          [
            t('documents.pickup'),
            ...(order.buyer ? [t('documents.for', { name: order.buyer.name })] : []),
          ],
          left,
          y,
          { width: 300 },
        );
      }
      y += 20;
      const columns = [
        column(left, 95),
        column(100, 215),
        column(220, 480),
        column(485, right, 'right'),
      ];
      const box = '[   ]';
      writer.table(
        columns,
        [t('documents.packed'), t('documents.sku'), t('documents.item'), t('documents.qty')],
        order.lines
          .filter((line) => line.quantity > line.returnedQuantity)
          .map((line) => [
            box,
            line.sku ?? '–',
            writer.variantsOf(line),
            String(line.quantity - line.returnedQuantity),
          ]),
        y,
      );
    },
  );
}
