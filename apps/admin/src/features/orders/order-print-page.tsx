import {
  formatOrganisationNumber,
  type AdminOrder,
  type SavedAddress,
  type ShopDetails,
} from '@shop/shared';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { countryName, variantLabel } from '../../lib/format.js';
import { RichText, useFormat, useLocale, useT } from '../../lib/i18n.js';
import { useShopDetails } from '../settings/index.js';
import { useOrder } from './api.js';
import type en from './i18n/en.json';
import { orderSums, shippingRows } from './order-sums.js';
import { paymentProviderLabel } from './order-states.js';

const documents = {
  receipt: 'orders.order.receipt',
  'packing-slip': 'orders.order.packingSlip',
} as const;
type DocumentKind = keyof typeof documents;

const isDocument = (value: string | undefined): value is DocumentKind =>
  value !== undefined && Object.hasOwn(documents, value);

/**
 * An order's receipt or packing slip on one A4 page, opened in its own tab from the order page
 * and printed from the browser; the print button is hidden on paper.
 */
export default function OrderPrintPage() {
  const t = useT<typeof en>();
  const { orderId = '', document: kind } = useParams();
  const known = isDocument(kind);
  const order = useOrder(known ? orderId : undefined);
  const shop = useShopDetails(known);
  const title =
    known && order.data
      ? t('orders.print.title', { document: t(documents[kind]), number: order.data.number })
      : '';
  useEffect(() => {
    if (title) window.document.title = title;
  }, [title]);

  return (
    <main className="print-sheet">
      {!known ? (
        <>
          <h1 className="h3">{t('orders.print.notFound')}</h1>
          <p>
            <RichText<typeof en>
              id="orders.print.noSuchDocument"
              components={{
                0: <Link to={`/orders/${orderId}/print/receipt`} />,
                1: <Link to={`/orders/${orderId}/print/packing-slip`} />,
              }}
            />
          </p>
        </>
      ) : (
        <>
          <PageState of={order} />
          <PageState of={shop} />
          {order.data && shop.data && (
            <>
              <div className="print-hidden d-flex justify-content-end mb-3">
                <Button onClick={() => window.print()}>{t('orders.print.print')}</Button>
              </div>
              {kind === 'receipt' ? (
                <Receipt order={order.data} shop={shop.data} />
              ) : (
                <PackingSlip order={order.data} shop={shop.data} />
              )}
            </>
          )}
        </>
      )}
    </main>
  );
}

function ShopHeading({ shop, showContact }: { shop: ShopDetails; showContact: boolean }) {
  const t = useT<typeof en>();
  return (
    <div className="print-shop">
      <div className="fw-bold fs-5">{shop.name}</div>
      <div>{shop.street}</div>
      <div>
        {shop.postalCode} {shop.city}, {shop.country}
      </div>
      {showContact && (
        <>
          <div>{t('orders.print.contact', { phone: shop.phone, email: shop.email })}</div>
          <div>
            {t('orders.print.orgNumber', {
              number: formatOrganisationNumber(shop.organisationNumber),
              vat: String(shop.vatRegistered),
            })}
          </div>
        </>
      )}
    </div>
  );
}

function AddressLines({ address }: { address: SavedAddress }) {
  const locale = useLocale();
  const street = [address.address, address.apartmentNumber].filter(Boolean).join(', ');
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  return (
    <address className="mb-0">
      {[address.name, street, place, countryName(address.country, locale)]
        .filter(Boolean)
        .map((part, index) => (
          <div key={index}>{part}</div>
        ))}
    </address>
  );
}

function DocumentHeading({ title, order }: { title: string; order: AdminOrder }) {
  const t = useT<typeof en>();
  const format = useFormat();
  return (
    <div className="text-sm-end">
      <h1 className="h3 mb-1">{title}</h1>
      <div>{t('orders.print.order', { number: order.number })}</div>
      <div>{format.dateTime(order.createdAt)}</div>
    </div>
  );
}

/** A Norwegian receipt: seller, org. no. (MVA when registered), lines, total and its VAT. */
function Receipt({ order, shop }: { order: AdminOrder; shop: ShopDetails }) {
  const t = useT<typeof en>();
  const format = useFormat();
  const customer = order.billingDetails ?? order.shippingDetails;
  // The lines are at their selling prices; only a coupon comes off after them.
  const { couponOre } = orderSums(order);
  return (
    <>
      <header className="d-flex flex-wrap justify-content-between gap-4 mb-4">
        <ShopHeading shop={shop} showContact />
        <DocumentHeading title={t('orders.order.receipt')} order={order} />
      </header>
      {customer && (
        <section className="mb-4" aria-label={t('orders.print.customer')}>
          <div className="fw-semibold">{t('orders.print.customer')}</div>
          <AddressLines address={customer} />
        </section>
      )}
      <Table responsive size="sm" className="print-table">
        <thead>
          <tr>
            <th scope="col">{t('orders.print.item')}</th>
            <th scope="col" className="text-end">
              {t('orders.print.qty')}
            </th>
            <th scope="col" className="text-end">
              {t('orders.print.unitPrice')}
            </th>
            <th scope="col" className="text-end">
              {t('orders.print.vat')}
            </th>
            <th scope="col" className="text-end">
              {t('orders.print.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.name}
                <Variants line={line} />
              </td>
              <td className="text-end">{line.quantity}</td>
              <td className="text-end text-nowrap">{format.ore(line.unitPriceOre)}</td>
              <td className="text-end text-nowrap">
                {t('orders.lines.vatPercent', { rate: line.vatPercent })}
              </td>
              <td className="text-end text-nowrap">{format.ore(line.lineTotalOre)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {couponOre > 0 && (
            <SumRow
              label={
                order.couponCode
                  ? t('orders.totals.couponCode', { code: order.couponCode })
                  : t('orders.totals.coupon')
              }
              ore={-couponOre}
            />
          )}
          {shippingRows(t, order).map((row) => (
            <SumRow key={row.label} label={row.label} ore={row.ore} />
          ))}
          <SumRow label={t('orders.print.total')} ore={order.grandTotalOre} strong />
          {order.vatLines.map((vat) => (
            <SumRow
              key={vat.rate}
              label={t('orders.totals.ofWhichVat', { rate: vat.rate })}
              ore={vat.amountOre}
            />
          ))}
        </tfoot>
      </Table>
      <section className="mb-3" aria-label={t('orders.print.payment')}>
        <div>
          {order.payment.chargedAt
            ? t('orders.print.paidByOn', {
                provider: paymentProviderLabel(t, order.payment.provider),
                date: format.dateTime(order.payment.chargedAt),
              })
            : t('orders.print.paidBy', {
                provider: paymentProviderLabel(t, order.payment.provider),
              })}
        </div>
        <div>{t('orders.print.reference', { reference: order.payment.paymentId })}</div>
      </section>
      {order.refunds.some((refund) => refund.status === 'completed') && (
        <section aria-label={t('orders.print.refunds')}>
          <div className="fw-semibold">{t('orders.print.refunded')}</div>
          <Table responsive size="sm" className="print-table">
            <tbody>
              {order.refunds
                .filter((refund) => refund.status === 'completed')
                .map((refund) => (
                  <SumRow
                    key={refund.id}
                    label={t('orders.print.refundRow', {
                      date: format.dateTime(refund.completedAt ?? refund.createdAt),
                      kind: t('orders.refundKind', { kind: refund.kind }),
                    })}
                    ore={-refund.amountOre}
                  />
                ))}
            </tbody>
          </Table>
        </section>
      )}
    </>
  );
}

/** A line's options, on paper only when it has any: "Single item" says nothing there. */
function Variants({ line }: { line: AdminOrder['lines'][number] }) {
  const t = useT<typeof en>();
  return Object.keys(line.variants).length > 0 ? (
    <div className="small">{variantLabel(line.variants, t('common.singleItem'))}</div>
  ) : null;
}

function SumRow({ label, ore, strong = false }: { label: string; ore: number; strong?: boolean }) {
  const format = useFormat();
  return (
    <tr className={strong ? 'fw-bold' : ''}>
      <td colSpan={4} className="text-end">
        {label}
      </td>
      <td className="text-end text-nowrap">{format.ore(ore)}</td>
    </tr>
  );
}

/** What to pick and where it goes: SKUs and units still to send, with a box to tick; no prices. */
function PackingSlip({ order, shop }: { order: AdminOrder; shop: ShopDetails }) {
  const t = useT<typeof en>();
  const customer = order.shippingDetails ?? order.billingDetails;
  return (
    <>
      <header className="d-flex flex-wrap justify-content-between gap-4 mb-4">
        <ShopHeading shop={shop} showContact={false} />
        <DocumentHeading title={t('orders.order.packingSlip')} order={order} />
      </header>
      <section className="mb-4" aria-label={t('orders.print.delivery')}>
        <div className="fw-semibold">
          {order.deliveryMethod === 'home' ? t('orders.print.homeTo') : t('orders.print.pickup')}
        </div>
        {order.deliveryMethod === 'home' && order.shippingDetails && (
          <AddressLines address={order.shippingDetails} />
        )}
        {order.deliveryMethod === 'pickup' && customer && (
          <div>{t('orders.print.for', { name: customer.name })}</div>
        )}
      </section>
      <Table responsive size="sm" className="print-table">
        <thead>
          <tr>
            <th scope="col" className="print-check">
              {t('orders.print.packed')}
            </th>
            <th scope="col">{t('orders.print.sku')}</th>
            <th scope="col">{t('orders.print.item')}</th>
            <th scope="col" className="text-end">
              {t('orders.print.qty')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines
            .filter((line) => line.quantity > line.returnedQuantity)
            .map((line) => (
              <tr key={line.id}>
                <td className="print-check">
                  <span className="print-box" aria-hidden="true" />
                </td>
                <td className="font-monospace">{line.sku ?? '–'}</td>
                <td>
                  {line.name}
                  <Variants line={line} />
                </td>
                <td className="text-end fw-bold">{line.quantity - line.returnedQuantity}</td>
              </tr>
            ))}
        </tbody>
      </Table>
    </>
  );
}
