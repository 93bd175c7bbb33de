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
import { shopDateTime } from '../../lib/dates.js';
import { countryName, formatOre, variantLabel } from '../../lib/format.js';
import { useShopDetails } from '../settings/index.js';
import { useOrder } from './api.js';
import { orderSums, shippingRows } from './order-sums.js';
import { paymentProviderLabel } from './order-states.js';

const documents = { receipt: 'Receipt', 'packing-slip': 'Packing slip' } as const;
type DocumentKind = keyof typeof documents;

const isDocument = (value: string | undefined): value is DocumentKind =>
  value !== undefined && Object.hasOwn(documents, value);

/**
 * An order's receipt or packing slip on one A4 page, opened in its own tab from the order page
 * and printed from the browser; the print button is hidden on paper.
 */
export default function OrderPrintPage() {
  const { orderId = '', document: kind } = useParams();
  const known = isDocument(kind);
  const order = useOrder(known ? orderId : undefined);
  const shop = useShopDetails(known);
  const title = known && order.data ? `${documents[kind]} · order #${order.data.number}` : '';
  useEffect(() => {
    if (title) window.document.title = title;
  }, [title]);

  return (
    <main className="print-sheet">
      {!known ? (
        <>
          <h1 className="h3">Document not found</h1>
          <p>
            There is no such document. An order prints a{' '}
            <Link to={`/orders/${orderId}/print/receipt`}>receipt</Link> or a{' '}
            <Link to={`/orders/${orderId}/print/packing-slip`}>packing slip</Link>.
          </p>
        </>
      ) : (
        <>
          <PageState of={order} />
          <PageState of={shop} />
          {order.data && shop.data && (
            <>
              <div className="print-hidden d-flex justify-content-end mb-3">
                <Button onClick={() => window.print()}>Print</Button>
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
  return (
    <div className="print-shop">
      <div className="fw-bold fs-5">{shop.name}</div>
      <div>{shop.street}</div>
      <div>
        {shop.postalCode} {shop.city}, {shop.country}
      </div>
      {showContact && (
        <>
          <div>
            Phone {shop.phone} · {shop.email}
          </div>
          <div>
            Org. no. {formatOrganisationNumber(shop.organisationNumber)}
            {shop.vatRegistered ? ' MVA' : ''}
          </div>
        </>
      )}
    </div>
  );
}

function AddressLines({ address }: { address: SavedAddress }) {
  const street = [address.address, address.apartmentNumber].filter(Boolean).join(', ');
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  return (
    <address className="mb-0">
      {[address.name, street, place, countryName(address.country)]
        .filter(Boolean)
        .map((part, index) => (
          <div key={index}>{part}</div>
        ))}
    </address>
  );
}

function DocumentHeading({ title, order }: { title: string; order: AdminOrder }) {
  return (
    <div className="text-sm-end">
      <h1 className="h3 mb-1">{title}</h1>
      <div>Order #{order.number}</div>
      <div>{shopDateTime(order.createdAt)}</div>
    </div>
  );
}

/** A Norwegian receipt: seller, org. no. (MVA when registered), lines, total and its VAT. */
function Receipt({ order, shop }: { order: AdminOrder; shop: ShopDetails }) {
  const customer = order.billingDetails ?? order.shippingDetails;
  // The lines are at their selling prices; only a coupon comes off after them.
  const { couponOre } = orderSums(order);
  return (
    <>
      <header className="d-flex flex-wrap justify-content-between gap-4 mb-4">
        <ShopHeading shop={shop} showContact />
        <DocumentHeading title="Receipt" order={order} />
      </header>
      {customer && (
        <section className="mb-4" aria-label="Customer">
          <div className="fw-semibold">Customer</div>
          <AddressLines address={customer} />
        </section>
      )}
      <Table responsive size="sm" className="print-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="text-end">
              Qty
            </th>
            <th scope="col" className="text-end">
              Unit price
            </th>
            <th scope="col" className="text-end">
              VAT
            </th>
            <th scope="col" className="text-end">
              Amount
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
              <td className="text-end text-nowrap">{formatOre(line.unitPriceOre)}</td>
              <td className="text-end text-nowrap">{line.vatPercent} %</td>
              <td className="text-end text-nowrap">{formatOre(line.lineTotalOre)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {couponOre > 0 && (
            <SumRow
              label={order.couponCode ? `Coupon ${order.couponCode}` : 'Coupon'}
              ore={-couponOre}
            />
          )}
          {shippingRows(order).map((row) => (
            <SumRow key={row.label} label={row.label} ore={row.ore} />
          ))}
          <SumRow label="Total NOK" ore={order.grandTotalOre} strong />
          {order.vatLines.map((vat) => (
            <SumRow key={vat.rate} label={`of which VAT ${vat.rate} %`} ore={vat.amountOre} />
          ))}
        </tfoot>
      </Table>
      <section className="mb-3" aria-label="Payment">
        <div>
          Paid by card ({paymentProviderLabel(order.payment.provider)})
          {order.payment.chargedAt ? ` on ${shopDateTime(order.payment.chargedAt)}` : ''}.
        </div>
        <div>Payment reference: {order.payment.paymentId}</div>
      </section>
      {order.refunds.some((refund) => refund.status === 'completed') && (
        <section aria-label="Refunds">
          <div className="fw-semibold">Refunded</div>
          <Table responsive size="sm" className="print-table">
            <tbody>
              {order.refunds
                .filter((refund) => refund.status === 'completed')
                .map((refund) => (
                  <SumRow
                    key={refund.id}
                    label={`${shopDateTime(refund.completedAt ?? refund.createdAt)} (${refund.kind})`}
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
  return Object.keys(line.variants).length > 0 ? (
    <div className="small">{variantLabel(line.variants)}</div>
  ) : null;
}

function SumRow({ label, ore, strong = false }: { label: string; ore: number; strong?: boolean }) {
  return (
    <tr className={strong ? 'fw-bold' : ''}>
      <td colSpan={4} className="text-end">
        {label}
      </td>
      <td className="text-end text-nowrap">{formatOre(ore)}</td>
    </tr>
  );
}

/** What to pick and where it goes: SKUs and units still to send, with a box to tick; no prices. */
function PackingSlip({ order, shop }: { order: AdminOrder; shop: ShopDetails }) {
  const customer = order.shippingDetails ?? order.billingDetails;
  return (
    <>
      <header className="d-flex flex-wrap justify-content-between gap-4 mb-4">
        <ShopHeading shop={shop} showContact={false} />
        <DocumentHeading title="Packing slip" order={order} />
      </header>
      <section className="mb-4" aria-label="Delivery">
        <div className="fw-semibold">
          {order.deliveryMethod === 'home' ? 'Home delivery to' : 'Store pickup'}
        </div>
        {order.deliveryMethod === 'home' && order.shippingDetails && (
          <AddressLines address={order.shippingDetails} />
        )}
        {order.deliveryMethod === 'pickup' && customer && <div>For {customer.name}</div>}
      </section>
      <Table responsive size="sm" className="print-table">
        <thead>
          <tr>
            <th scope="col" className="print-check">
              Packed
            </th>
            <th scope="col">SKU</th>
            <th scope="col">Item</th>
            <th scope="col" className="text-end">
              Qty
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
