import {
  PRICE_SALE_ITEMS_SHOWN,
  type AdminPriceSaleDetail,
  type AdminPriceSaleItem,
} from '@shop/shared';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm.js';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { shopDateTime } from '../../lib/dates.js';
import { formatOre, variantLabel } from '../../lib/format.js';
import { useEndSale, useSale } from './api.js';
import { saleDiscount, saleTarget } from './sale-form.js';
import { SaleCoverage, SaleStatusBadge } from './sale-parts.js';

/** One sale: what it is on, when, and the items it covers with their prices before and during. */
export default function SalePage() {
  const { saleId = '' } = useParams();
  const sale = useSale(saleId);
  return (
    <>
      <p className="mb-2">
        <Link to="/promotions/sales">← Sales</Link>
      </p>
      <PageState of={sale} />
      {sale.data && <SaleDetail sale={sale.data} />}
    </>
  );
}

/** Ends an active sale now, or cancels a scheduled one, after asking. */
function useEndSaleAsked() {
  const confirm = useConfirm();
  const toast = useToast();
  const endSale = useEndSale();
  return async (sale: AdminPriceSaleDetail): Promise<void> => {
    const active = sale.status === 'active';
    const sure = await confirm(
      active
        ? {
            title: `End the sale “${sale.name}” now?`,
            body: 'Its items get their own discounts back at once, except those whose discount was changed by hand during the sale.',
            action: 'End sale now',
            dismiss: 'Keep it on',
          }
        : {
            title: `Cancel the sale “${sale.name}”?`,
            body: 'It will not start, and no price changes.',
            action: 'Cancel sale',
            dismiss: 'Keep it scheduled',
          },
    );
    if (!sure) return;
    try {
      const saved = await endSale(sale.id);
      toast(
        saved.status === 'ended'
          ? `Sale “${sale.name}” ended: the prices are back.`
          : `Sale “${sale.name}” cancelled.`,
      );
    } catch (error) {
      toast(error instanceof ApiError ? error.message : 'The sale could not be ended.', 'danger');
    }
  };
}

function SaleDetail({ sale }: { sale: AdminPriceSaleDetail }) {
  const endSale = useEndSaleAsked();
  const live = sale.status === 'active' || sale.status === 'scheduled';
  return (
    <>
      <div className="d-flex align-items-center gap-2 flex-wrap mb-3">
        <h1 className="h3 mb-0 text-break">{sale.name}</h1>
        <SaleStatusBadge status={sale.status} />
      </div>
      {live && (
        <div className="d-flex gap-2 flex-wrap mb-4">
          <Button variant="outline-danger" onClick={() => void endSale(sale)}>
            {sale.status === 'active' ? 'End now…' : 'Cancel sale…'}
          </Button>
        </div>
      )}
      <Row className="g-4 mb-4">
        <Col lg={5}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">The sale</h2>
              <dl className="mb-0">
                <dt>Discount</dt>
                <dd>{saleDiscount(sale.discountPercent)}</dd>
                <dt>On</dt>
                <dd>
                  {sale.categoryId === null && sale.productIds.length === 0
                    ? 'A category since deleted'
                    : saleTarget(sale)}
                  <div className="small text-body-secondary">
                    <SaleCoverage sale={sale} />
                  </div>
                </dd>
                <dt>Starts (Norway time)</dt>
                <dd>{sale.startsAt === null ? 'When created' : shopDateTime(sale.startsAt)}</dd>
                <dt>Ends</dt>
                <dd>{sale.endsAt === null ? 'When you end it' : shopDateTime(sale.endsAt)}</dd>
                {sale.appliedAt && (
                  <>
                    <dt>Put on the products</dt>
                    <dd>{shopDateTime(sale.appliedAt)}</dd>
                  </>
                )}
                {sale.endedAt && (
                  <>
                    <dt>{sale.status === 'cancelled' ? 'Cancelled' : 'Ended'}</dt>
                    <dd>{shopDateTime(sale.endedAt)}</dd>
                  </>
                )}
                <dt>Created</dt>
                <dd className="mb-0">
                  {shopDateTime(sale.createdAt)}
                  {sale.createdByEmail && <> by {sale.createdByEmail}</>}
                </dd>
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={7}>
          <Card className="h-100">
            {/* Less padding on a phone, so the three price columns fit without scrolling. */}
            <Card.Body className="p-2 p-sm-3">
              <h2 className="h5">Items</h2>
              <SaleItems sale={sale} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}

const itemsNote = (sale: AdminPriceSaleDetail) => {
  if (sale.status === 'scheduled')
    return 'What the sale would cover if it started now; a category’s products are taken at the start.';
  if (sale.status === 'active')
    return 'A discount changed by hand during the sale is marked: it stays after the end.';
  return 'The prices before and during the sale.';
};

function SaleItems({ sale }: { sale: AdminPriceSaleDetail }) {
  if (sale.items.length === 0)
    return (
      <p className="mb-0">
        {sale.appliedAt === null && sale.status !== 'scheduled'
          ? 'It never started, so it changed no price.'
          : 'No item: the products are archived, or there are none.'}
      </p>
    );
  return (
    <>
      <p className="small text-body-secondary">{itemsNote(sale)}</p>
      <Table responsive size="sm" className="align-middle mb-2">
        <caption className="visually-hidden">Prices before and during the sale</caption>
        <thead>
          <tr>
            <th scope="col" style={{ minWidth: '7.5rem' }}>
              Product
            </th>
            <th scope="col" className="text-end">
              Before
            </th>
            <th scope="col" className="text-end">
              During
            </th>
          </tr>
        </thead>
        <tbody>
          {sale.items.map((item) => (
            <SaleItemRow key={item.itemId} item={item} active={sale.status === 'active'} />
          ))}
        </tbody>
      </Table>
      {sale.itemCount > sale.items.length && (
        <p className="small text-body-secondary mb-0">
          The first {PRICE_SALE_ITEMS_SHOWN} of {sale.itemCount} items, by product name.
        </p>
      )}
    </>
  );
}

function SaleItemRow({ item, active }: { item: AdminPriceSaleItem; active: boolean }) {
  return (
    <tr>
      <td>
        <Link to={`/products/${item.productId}`}>{item.productName}</Link>
        <div className="small text-body-secondary">
          {variantLabel(item.variants)} · {item.sku}
        </div>
      </td>
      <td className="text-end text-nowrap">
        {formatOre(item.sellingBeforeOre)}
        {item.discountBefore > 0 && (
          <div className="small text-body-secondary">−{item.discountBefore} %</div>
        )}
      </td>
      <td className="text-end text-nowrap">
        {formatOre(item.sellingDuringOre)}
        <div className="small text-body-secondary">
          {item.discountDuring > 0 ? `−${item.discountDuring} %` : 'no discount'}
        </div>
        {active && item.currentDiscount !== item.discountDuring && (
          <div className="small fw-semibold">now −{item.currentDiscount} % by hand</div>
        )}
      </td>
    </tr>
  );
}
