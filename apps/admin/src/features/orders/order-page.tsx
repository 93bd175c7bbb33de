import {
  returnDeliveryStatuses,
  type AdminOrder,
  type DeliveryStatus,
  type SavedAddress,
} from '@shop/shared';
import { useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { countryName } from '../../lib/format.js';
import { useFormat, useLocale, useT } from '../../lib/i18n.js';
import { downloadOrderPdf, useOrder, useRetryCharge } from './api.js';
import { CancelDialog } from './cancel-dialog.js';
import { DeliveryActions } from './delivery-actions.js';
import { NoteDialog } from './note-dialog.js';
import type en from './i18n/en.json';
import { OrderLinesTable, OrderTotals } from './order-lines-table.js';
import {
  DeliveryBadge,
  deliveryMethodLabel,
  PaymentBadge,
  paymentProviderLabel,
  stateLabel,
} from './order-states.js';
import { ShipmentsTable } from './order-shipments.js';
import { OrderTimeline } from './order-timeline.js';
import { canShipPart, PartShipmentDialog } from './part-shipment-dialog.js';
import { GoodwillDialog, refundableOre, ReturnDialog } from './refund-dialog.js';

// The server allows cancelling until goods leave the shop, all of them or a first part (issue
// 32.3), and refuses it after; this only hides a button that would be refused.
const cancellable: readonly DeliveryStatus[] = ['PENDING', 'PACKED', 'READY_FOR_PICKUP'];

type Dialog = 'note' | 'return' | 'goodwill' | 'cancel' | 'partShipment';

/** One order: what was bought, where it goes, its money and its timeline, with the actions. */
export default function OrderPage() {
  const t = useT<typeof en>();
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  return (
    <>
      <p className="mb-2">
        <Link to="/orders">{t('orders.order.back')}</Link>
      </p>
      <PageState of={order} />
      {order.data && <OrderView order={order.data} />}
    </>
  );
}

/** The order as loaded; each action's call reloads it (`api.ts`), so here it only says how it went. */
function OrderView({ order }: { order: AdminOrder }) {
  const t = useT<typeof en>();
  const format = useFormat();
  const toast = useToast();
  const sendRetryCharge = useRetryCharge(order.id);
  const [dialog, setDialog] = useState<Dialog>();
  const [retrying, setRetrying] = useState(false);
  const changed = (message: string) => toast(message);
  const failed = (message: string) => toast(message, 'danger');
  const retryCharge = async () => {
    setRetrying(true);
    try {
      const answer = await sendRetryCharge();
      if (answer.order.paymentStatus === 'CHARGE_FAILED')
        failed(
          t('orders.order.chargeFailedAgain', {
            reason: answer.order.paymentLastError ?? t('orders.order.noReason'),
          }),
        );
      else
        changed(t('orders.order.paymentIs', { state: stateLabel(t, answer.order.paymentStatus) }));
    } catch (error) {
      failed(error instanceof ApiError ? error.message : t('orders.order.retryFailed'));
    } finally {
      setRetrying(false);
    }
  };
  const refundable = refundableOre(order);
  // Goods come back only once they have left the shop; before that the order is cancelled.
  const returnable =
    returnDeliveryStatuses.includes(order.deliveryStatus) &&
    order.lines.some((line) => line.quantity > line.returnedQuantity);

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
        <div>
          <h1 className="h3 mb-1">{t('orders.order.title', { number: order.number })}</h1>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <span className="text-body-secondary">
              {format.dateTime(order.createdAt)} · {deliveryMethodLabel(t, order.deliveryMethod)}
            </span>
            <PaymentBadge status={order.payment.status} />
            <DeliveryBadge status={order.deliveryStatus} />
          </div>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <PrintLink order={order} document="receipt" label={t('orders.order.receipt')} />
          <PrintLink order={order} document="packing-slip" label={t('orders.order.packingSlip')} />
          <PdfButton order={order} document="receipt" label={t('orders.order.receiptPdf')} />
          <PdfButton
            order={order}
            document="packing-slip"
            label={t('orders.order.packingSlipPdf')}
          />
        </div>
      </div>

      <div
        className="d-flex flex-wrap gap-2 mb-4"
        role="group"
        aria-label={t('orders.order.actions')}
      >
        <DeliveryActions order={order} onMoved={changed} onFailed={failed} />
        {canShipPart(order) && (
          <Button variant="outline-primary" onClick={() => setDialog('partShipment')}>
            {t('orders.order.shipPart')}
          </Button>
        )}
        {order.payment.status === 'CHARGE_FAILED' && (
          <Button variant="warning" disabled={retrying} onClick={() => void retryCharge()}>
            {retrying ? t('orders.order.retrying') : t('orders.order.retry')}
          </Button>
        )}
        <Button variant="outline-secondary" onClick={() => setDialog('note')}>
          {t('orders.order.addNote')}
        </Button>
        {refundable > 0 && returnable && (
          <Button variant="outline-secondary" onClick={() => setDialog('return')}>
            {t('orders.order.registerReturn')}
          </Button>
        )}
        {refundable > 0 && (
          <Button variant="outline-secondary" onClick={() => setDialog('goodwill')}>
            {t('orders.order.refundAmount')}
          </Button>
        )}
        {cancellable.includes(order.deliveryStatus) && order.shipments.length === 0 && (
          <Button variant="outline-danger" onClick={() => setDialog('cancel')}>
            {t('orders.order.cancel')}
          </Button>
        )}
      </div>

      <Row className="g-4">
        <Col lg={8}>
          <Section title={t('orders.order.items')}>
            <OrderLinesTable order={order} />
            <div className="d-flex mt-3">
              <OrderTotals order={order} />
            </div>
          </Section>
          {order.shipments.length > 0 && (
            <Section title={t('orders.order.shipments')}>
              <ShipmentsTable order={order} />
            </Section>
          )}
          {order.refunds.length > 0 && (
            <Section title={t('orders.order.refunds')}>
              <RefundsTable order={order} />
            </Section>
          )}
          <Section title={t('orders.order.timeline')}>
            <OrderTimeline order={order} />
          </Section>
        </Col>
        <Col lg={4}>
          <Section title={t('orders.order.customer')}>
            {order.customer ? (
              <>
                <Link to={`/customers/${order.customer.id}`}>{order.customer.name}</Link>
                {order.customer.email && <div className="text-break">{order.customer.email}</div>}
              </>
            ) : (
              <span className="text-body-secondary">{t('orders.order.accountDeleted')}</span>
            )}
          </Section>
          <Section title={t('orders.order.delivery')}>
            <p className="mb-2">
              {deliveryMethodLabel(t, order.deliveryMethod)}{' '}
              <DeliveryBadge status={order.deliveryStatus} />
            </p>
            {order.trackingNumber && (
              <p className="mb-2">
                {order.carrier} <span className="font-monospace">{order.trackingNumber}</span>
                {order.trackingUrl && (
                  <>
                    {' · '}
                    <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                      {t('orders.order.track')}
                    </a>
                  </>
                )}
              </p>
            )}
            {order.deliveryMethod === 'home' && (
              <Address title={t('orders.order.shipTo')} address={order.shippingDetails} />
            )}
            {order.deliveryMethod === 'home' &&
            JSON.stringify(order.billingDetails) === JSON.stringify(order.shippingDetails) ? (
              <p className="mb-0 text-body-secondary">{t('orders.order.billingSame')}</p>
            ) : (
              <Address title={t('orders.order.billing')} address={order.billingDetails} />
            )}
          </Section>
          <Section title={t('orders.order.payment')}>
            <dl className="order-facts mb-0">
              <dt>{t('orders.order.state')}</dt>
              <dd>
                <PaymentBadge status={order.payment.status} />
              </dd>
              <dt>{t('orders.order.provider')}</dt>
              <dd>{paymentProviderLabel(t, order.payment.provider)}</dd>
              <dt>{t('orders.order.reference')}</dt>
              <dd className="font-monospace small text-break">{order.payment.paymentId}</dd>
              <dt>{t('orders.order.attempts')}</dt>
              <dd>{order.payment.attempts}</dd>
              <dt>{t('orders.order.charged')}</dt>
              <dd>
                {order.payment.chargedAt
                  ? format.dateTime(order.payment.chargedAt)
                  : t('orders.order.notYet')}
              </dd>
              {order.payment.capturedOre > 0 && order.payment.capturedOre < order.grandTotalOre && (
                <>
                  <dt>{t('orders.order.captured')}</dt>
                  <dd>
                    {t('orders.order.capturedOf', {
                      captured: format.ore(order.payment.capturedOre),
                      total: format.ore(order.grandTotalOre),
                    })}
                  </dd>
                </>
              )}
              {order.payment.lastError && (
                <>
                  <dt>{t('orders.order.lastError')}</dt>
                  <dd className="text-danger">{order.payment.lastError}</dd>
                </>
              )}
              <dt>{t('orders.order.refunded')}</dt>
              <dd>{format.ore(order.refundedOre)}</dd>
            </dl>
          </Section>
        </Col>
      </Row>

      {dialog === 'note' && (
        <NoteDialog
          order={order}
          onClose={(added) => {
            setDialog(undefined);
            if (added) changed(t('orders.order.noteAdded'));
          }}
        />
      )}
      {dialog === 'return' && (
        <ReturnDialog order={order} onRefunded={changed} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'goodwill' && (
        <GoodwillDialog order={order} onRefunded={changed} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'partShipment' && (
        <PartShipmentDialog
          order={order}
          onShipped={(message, captureFailed) => {
            setDialog(undefined);
            (captureFailed ? failed : changed)(message);
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'cancel' && (
        <CancelDialog
          order={order}
          onClose={(done) => {
            setDialog(undefined);
            if (done) changed(done);
          }}
        />
      )}
    </>
  );
}

/**
 * Opens a printable document in a new tab. `rel="opener"`: the session lives in the tab's
 * session storage, which the browser copies into a tab it opens only when the tab keeps its
 * opener (a plain `_blank` link is `noopener` and would land on the sign-in page).
 */
function PrintLink({
  order,
  document,
  label,
}: {
  order: AdminOrder;
  document: 'receipt' | 'packing-slip';
  label: string;
}) {
  const t = useT<typeof en>();
  return (
    <a
      className="btn btn-outline-secondary"
      href={`/admin/orders/${order.id}/print/${document}`}
      target="_blank"
      rel="opener"
    >
      {label} <span className="visually-hidden">{t('orders.order.opensNewTab')}</span>
    </a>
  );
}

/**
 * Downloads the receipt or packing slip as the PDF the server writes (issue 34.5), in the
 * order's language: the receipt is the file the order confirmation carried.
 */
function PdfButton({
  order,
  document,
  label,
}: {
  order: AdminOrder;
  document: 'receipt' | 'packing-slip';
  label: string;
}) {
  const t = useT<typeof en>();
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadOrderPdf(order.id, document, `${document}-${order.number}.pdf`);
    } catch (error) {
      toast(error instanceof ApiError ? error.message : t('orders.order.downloadFailed'), 'danger');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button variant="outline-secondary" onClick={() => void download()} disabled={downloading}>
      {downloading ? t('orders.order.downloading') : label}
    </Button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5 mb-3">{title}</h2>
        {children}
      </Card.Body>
    </Card>
  );
}

function Address({ title, address }: { title: string; address: SavedAddress | null }) {
  const locale = useLocale();
  if (!address) return null;
  const street = [address.address, address.apartmentNumber].filter(Boolean).join(', ');
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  return (
    <div className="mb-2">
      <h3 className="h6 mb-1">{title}</h3>
      <address className="mb-0">
        {[
          address.name,
          street,
          place,
          countryName(address.country, locale),
          address.phone,
          address.email,
        ]
          .filter(Boolean)
          .map((part, index) => (
            <div key={index} className="text-break">
              {part}
            </div>
          ))}
      </address>
    </div>
  );
}

const refundStatusLooks = {
  pending: { bg: 'warning', text: 'dark' as const },
  completed: { bg: 'success' },
  failed: { bg: 'danger' },
};

function RefundsTable({ order }: { order: AdminOrder }) {
  const t = useT<typeof en>();
  const format = useFormat();
  const lineName = (id: string) =>
    order.lines.find((line) => line.id === id)?.name ?? t('orders.refunds.item');
  return (
    <Table responsive size="sm" className="table-admin align-middle mb-0">
      <thead>
        <tr>
          <th scope="col">{t('orders.refunds.when')}</th>
          <th scope="col">{t('orders.refunds.kind')}</th>
          <th scope="col" className="text-end">
            {t('orders.refunds.amount')}
          </th>
          <th scope="col">{t('orders.refunds.state')}</th>
          <th scope="col">{t('orders.refunds.what')}</th>
          <th scope="col">{t('orders.refunds.by')}</th>
        </tr>
      </thead>
      <tbody>
        {order.refunds.map((refund) => (
          <tr key={refund.id}>
            <td className="small text-nowrap">{format.dateTime(refund.createdAt)}</td>
            <td>{t('orders.refundKind', { kind: refund.kind })}</td>
            <td className="text-end text-nowrap">{format.ore(refund.amountOre)}</td>
            <td>
              <Badge {...refundStatusLooks[refund.status]}>
                {t('orders.refundStatus', { status: refund.status })}
              </Badge>
            </td>
            <td className="small">
              {refund.lines.map((line) => (
                <div key={line.orderLineId}>
                  {t(line.restock ? 'orders.refunds.line' : 'orders.refunds.lineNotRestocked', {
                    quantity: line.quantity,
                    name: lineName(line.orderLineId),
                  })}
                </div>
              ))}
              {refund.note && <div className="text-body-secondary">{refund.note}</div>}
              {refund.failure && <div className="text-danger">{refund.failure}</div>}
            </td>
            <td className="small">{refund.createdByEmail ?? t('orders.refunds.shop')}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
