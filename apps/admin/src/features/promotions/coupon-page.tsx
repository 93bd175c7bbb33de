import type { AdminCouponDetail } from '@shop/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm.js';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { RichText, useFormat, useMessage, useT } from '../../lib/i18n.js';
import { DeliveryBadge, PaymentBadge } from '../orders/index.js';
import { useCoupon, useDeleteCoupon } from './api.js';
import { CouponDialog } from './coupon-dialog.js';
import { CouponStateBadge, useCouponSwitch, useCouponWords } from './coupon-parts.js';
import type en from './i18n/en.json';

/** One coupon: its rules, how often it was used, and the orders that used it. */
export default function CouponPage() {
  const { couponId = '' } = useParams();
  const t = useT<typeof en>();
  const coupon = useCoupon(couponId);
  return (
    <>
      <p className="mb-2">
        <Link to="/promotions/coupons">{t('promotions.coupon.back')}</Link>
      </p>
      <PageState of={coupon} />
      {coupon.data && <CouponDetail coupon={coupon.data} />}
    </>
  );
}

function CouponDetail({ coupon }: { coupon: AdminCouponDetail }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const format = useFormat();
  const words = useCouponWords();
  const [editing, setEditing] = useState(false);
  const deleteCoupon = useDeleteCoupon();
  const switchCoupon = useCouponSwitch();
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();

  const remove = async () => {
    const sure = await confirm({
      title: t('promotions.coupon.deleteTitle', { code: coupon.code }),
      body: t('promotions.coupon.deleteBody'),
      action: t('promotions.coupon.deleteAction'),
    });
    if (!sure) return;
    try {
      await deleteCoupon(coupon.id);
      toast(t('promotions.coupon.deleted', { code: coupon.code }));
      void navigate('/promotions/coupons');
    } catch (error) {
      toast(
        error instanceof ApiError ? message(error.message) : t('promotions.coupon.deleteFailed'),
        'danger',
      );
    }
  };

  return (
    <>
      <div className="d-flex align-items-center gap-2 flex-wrap mb-3">
        <h1 className="h3 mb-0 text-break">
          {t('promotions.coupon.title', { code: coupon.code })}
        </h1>
        <CouponStateBadge coupon={coupon} />
      </div>
      <div className="d-flex gap-2 flex-wrap mb-4">
        <Button onClick={() => setEditing(true)}>{t('promotions.coupons.edit')}</Button>
        <Button
          variant={coupon.active ? 'outline-danger' : 'outline-success'}
          onClick={() => void switchCoupon(coupon)}
        >
          {t('promotions.coupons.switch', { active: String(coupon.active) })}
        </Button>
        {coupon.usedCount === 0 && coupon.orderCount === 0 && (
          <Button variant="outline-danger" onClick={() => void remove()}>
            {t('promotions.coupon.delete')}
          </Button>
        )}
      </div>
      <Row className="g-4 mb-4">
        <Col lg={5}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">{t('promotions.coupon.rules')}</h2>
              <dl className="mb-0">
                <dt>{t('promotions.coupons.discount')}</dt>
                <dd>{words.discount(coupon)}</dd>
                <dt>{t('promotions.coupons.minimum')}</dt>
                <dd>
                  {coupon.minOrderOre === 0
                    ? t('promotions.coupon.none')
                    : format.ore(coupon.minOrderOre)}
                </dd>
                <dt>{t('promotions.coupons.valid')}</dt>
                <dd>{words.days(coupon)}</dd>
                <dt>{t('promotions.couponDialog.totalUses')}</dt>
                <dd>
                  {coupon.usageLimit === null ? t('promotions.coupon.noLimit') : coupon.usageLimit}
                </dd>
                <dt>{t('promotions.couponDialog.perCustomer')}</dt>
                <dd>
                  {coupon.usesPerCustomer === null
                    ? t('promotions.coupon.noLimit')
                    : coupon.usesPerCustomer}
                </dd>
                <dt>{t('promotions.coupons.active')}</dt>
                <dd className="mb-0">
                  {t('promotions.coupon.isActive', { active: String(coupon.active) })}
                </dd>
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={7}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">{t('promotions.coupons.uses')}</h2>
              <p>
                <RichText<typeof en>
                  id="promotions.coupon.used"
                  values={{ count: coupon.usedCount, uses: words.uses(coupon) }}
                  components={{ 0: <strong data-testid="coupon-uses" /> }}
                />
              </p>
              <CouponOrders coupon={coupon} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
      {editing && <CouponDialog coupon={coupon} onClose={() => setEditing(false)} />}
    </>
  );
}

function CouponOrders({ coupon }: { coupon: AdminCouponDetail }) {
  const t = useT<typeof en>();
  const format = useFormat();
  if (coupon.orderCount === 0) return <p className="mb-0">{t('promotions.coupon.noOrders')}</p>;
  return (
    <>
      <Table responsive size="sm" className="align-middle">
        <caption className="caption-top">
          {coupon.orders.length < coupon.orderCount
            ? t('promotions.coupon.latestOrders')
            : t('promotions.coupon.orders')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('promotions.coupon.order')}</th>
            <th scope="col">{t('promotions.coupon.date')}</th>
            <th scope="col">{t('promotions.coupon.customer')}</th>
            <th scope="col" className="text-end">
              {t('promotions.coupon.total')}
            </th>
            <th scope="col">{t('promotions.coupons.state')}</th>
          </tr>
        </thead>
        <tbody>
          {coupon.orders.map((order) => (
            <tr key={order.id}>
              <td>
                <Link to={`/orders/${order.id}`} className="fw-semibold">
                  #{order.number}
                </Link>
              </td>
              <td className="small text-nowrap">{format.dateTime(order.createdAt)}</td>
              <td className="text-break">
                {order.customerName ?? (
                  <span className="text-body-secondary">
                    {t('promotions.coupon.deletedCustomer')}
                  </span>
                )}
              </td>
              <td className="text-end text-nowrap">{format.ore(order.grandTotalOre)}</td>
              <td className="text-nowrap">
                <PaymentBadge status={order.paymentStatus} />{' '}
                <DeliveryBadge status={order.deliveryStatus} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Link to={`/orders?couponId=${coupon.id}`}>
        {t('promotions.coupon.allOrders', { count: coupon.orderCount })}
      </Link>
    </>
  );
}
