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
import { variantLabel } from '../../lib/format.js';
import { useFormat, useMessage, useT } from '../../lib/i18n.js';
import { useEndSale, useSale } from './api.js';
import type en from './i18n/en.json';
import { SaleCoverage, SaleStatusBadge, useSaleWords } from './sale-parts.js';

/** One sale: what it is on, when, and the items it covers with their prices before and during. */
export default function SalePage() {
  const { saleId = '' } = useParams();
  const t = useT<typeof en>();
  const sale = useSale(saleId);
  return (
    <>
      <p className="mb-2">
        <Link to="/promotions/sales">{t('promotions.sale.back')}</Link>
      </p>
      <PageState of={sale} />
      {sale.data && <SaleDetail sale={sale.data} />}
    </>
  );
}

/** Ends an active sale now, or cancels a scheduled one, after asking. */
function useEndSaleAsked() {
  const t = useT<typeof en>();
  const message = useMessage();
  const confirm = useConfirm();
  const toast = useToast();
  const endSale = useEndSale();
  return async (sale: AdminPriceSaleDetail): Promise<void> => {
    const active = sale.status === 'active';
    const sure = await confirm(
      active
        ? {
            title: t('promotions.sale.endTitle', { name: sale.name }),
            body: t('promotions.sale.endBody'),
            action: t('promotions.sale.endAction'),
            dismiss: t('promotions.sale.keepOn'),
          }
        : {
            title: t('promotions.sale.cancelTitle', { name: sale.name }),
            body: t('promotions.sale.cancelBody'),
            action: t('promotions.sale.cancelAction'),
            dismiss: t('promotions.sale.keepScheduled'),
          },
    );
    if (!sure) return;
    try {
      const saved = await endSale(sale.id);
      toast(
        saved.status === 'ended'
          ? t('promotions.sale.ended', { name: sale.name })
          : t('promotions.sale.cancelled', { name: sale.name }),
      );
    } catch (error) {
      toast(
        error instanceof ApiError ? message(error.message) : t('promotions.sale.endFailed'),
        'danger',
      );
    }
  };
}

function SaleDetail({ sale }: { sale: AdminPriceSaleDetail }) {
  const t = useT<typeof en>();
  const format = useFormat();
  const words = useSaleWords();
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
            {sale.status === 'active' ? t('promotions.sale.endNow') : t('promotions.sale.cancel')}
          </Button>
        </div>
      )}
      <Row className="g-4 mb-4">
        <Col lg={5}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">{t('promotions.sale.theSale')}</h2>
              <dl className="mb-0">
                <dt>{t('promotions.sales.discount')}</dt>
                <dd>{words.discount(sale.discountPercent)}</dd>
                <dt>{t('promotions.sales.target')}</dt>
                <dd>
                  {sale.categoryId === null && sale.productIds.length === 0
                    ? t('promotions.sale.deletedCategory')
                    : words.target(sale)}
                  <div className="small text-body-secondary">
                    <SaleCoverage sale={sale} />
                  </div>
                </dd>
                <dt>{t('promotions.saleDialog.starts')}</dt>
                <dd>
                  {sale.startsAt === null
                    ? t('promotions.sale.whenCreated')
                    : format.dateTime(sale.startsAt)}
                </dd>
                <dt>{t('promotions.sale.ends')}</dt>
                <dd>
                  {sale.endsAt === null
                    ? t('promotions.sale.whenYouEnd')
                    : format.dateTime(sale.endsAt)}
                </dd>
                {sale.appliedAt && (
                  <>
                    <dt>{t('promotions.sale.applied')}</dt>
                    <dd>{format.dateTime(sale.appliedAt)}</dd>
                  </>
                )}
                {sale.endedAt && (
                  <>
                    <dt>{t('promotions.sale.status', { status: sale.status })}</dt>
                    <dd>{format.dateTime(sale.endedAt)}</dd>
                  </>
                )}
                <dt>{t('promotions.sale.created')}</dt>
                <dd className="mb-0">
                  {sale.createdByEmail
                    ? t('promotions.sale.createdBy', {
                        when: format.dateTime(sale.createdAt),
                        email: sale.createdByEmail,
                      })
                    : format.dateTime(sale.createdAt)}
                </dd>
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={7}>
          <Card className="h-100">
            {/* Less padding on a phone, so the three price columns fit without scrolling. */}
            <Card.Body className="p-2 p-sm-3">
              <h2 className="h5">{t('promotions.sale.items')}</h2>
              <SaleItems sale={sale} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}

function SaleItems({ sale }: { sale: AdminPriceSaleDetail }) {
  const t = useT<typeof en>();
  if (sale.items.length === 0)
    return (
      <p className="mb-0">
        {sale.appliedAt === null && sale.status !== 'scheduled'
          ? t('promotions.sale.neverChanged')
          : t('promotions.sale.noItems')}
      </p>
    );
  return (
    <>
      <p className="small text-body-secondary">
        {t('promotions.sale.itemsNote', { status: sale.status })}
      </p>
      <Table responsive size="sm" className="align-middle mb-2">
        <caption className="visually-hidden">{t('promotions.sale.pricesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ minWidth: '7.5rem' }}>
              {t('promotions.sale.product')}
            </th>
            <th scope="col" className="text-end">
              {t('promotions.sale.before')}
            </th>
            <th scope="col" className="text-end">
              {t('promotions.sale.during')}
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
          {t('promotions.sale.firstItems', {
            shown: PRICE_SALE_ITEMS_SHOWN,
            count: sale.itemCount,
          })}
        </p>
      )}
    </>
  );
}

function SaleItemRow({ item, active }: { item: AdminPriceSaleItem; active: boolean }) {
  const t = useT<typeof en>();
  const format = useFormat();
  return (
    <tr>
      <td>
        <Link to={`/products/${item.productId}`}>{item.productName}</Link>
        <div className="small text-body-secondary">
          {variantLabel(item.variants, t('common.singleItem'))} · {item.sku}
        </div>
      </td>
      <td className="text-end text-nowrap">
        {format.ore(item.sellingBeforeOre)}
        {item.discountBefore > 0 && (
          <div className="small text-body-secondary">
            {t('promotions.sale.minus', { percent: item.discountBefore })}
          </div>
        )}
      </td>
      <td className="text-end text-nowrap">
        {format.ore(item.sellingDuringOre)}
        <div className="small text-body-secondary">
          {item.discountDuring > 0
            ? t('promotions.sale.minus', { percent: item.discountDuring })
            : t('promotions.sale.noDiscount')}
        </div>
        {active && item.currentDiscount !== item.discountDuring && (
          <div className="small fw-semibold">
            {t('promotions.sale.byHand', { percent: item.currentDiscount })}
          </div>
        )}
      </td>
    </tr>
  );
}
