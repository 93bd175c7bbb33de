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
import { shopDateTime } from '../../lib/dates.js';
import { formatOre } from '../../lib/format.js';
import { DeliveryBadge, PaymentBadge } from '../orders/index.js';
import { useCoupon, useDeleteCoupon } from './api.js';
import { CouponDialog } from './coupon-dialog.js';
import { couponDiscount } from './coupon-form.js';
import { CouponStateBadge, couponDays, couponUses, useCouponSwitch } from './coupon-parts.js';

/** One coupon: its rules, how often it was used, and the orders that used it. */
export default function CouponPage() {
  const { couponId = '' } = useParams();
  const coupon = useCoupon(couponId);
  return (
    <>
      <p className="mb-2">
        <Link to="/promotions/coupons">← Coupons</Link>
      </p>
      <PageState of={coupon} />
      {coupon.data && <CouponDetail coupon={coupon.data} />}
    </>
  );
}

function CouponDetail({ coupon }: { coupon: AdminCouponDetail }) {
  const [editing, setEditing] = useState(false);
  const deleteCoupon = useDeleteCoupon();
  const switchCoupon = useCouponSwitch();
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();

  const remove = async () => {
    const sure = await confirm({
      title: `Delete coupon ${coupon.code}?`,
      body: 'Shoppers can no longer use the code. Only a coupon no order used can be deleted.',
      action: 'Delete coupon',
    });
    if (!sure) return;
    try {
      await deleteCoupon(coupon.id);
      toast(`Coupon ${coupon.code} deleted.`);
      void navigate('/promotions/coupons');
    } catch (error) {
      toast(
        error instanceof ApiError ? error.message : 'The coupon could not be deleted.',
        'danger',
      );
    }
  };

  return (
    <>
      <div className="d-flex align-items-center gap-2 flex-wrap mb-3">
        <h1 className="h3 mb-0 text-break">Coupon {coupon.code}</h1>
        <CouponStateBadge coupon={coupon} />
      </div>
      <div className="d-flex gap-2 flex-wrap mb-4">
        <Button onClick={() => setEditing(true)}>Edit</Button>
        <Button
          variant={coupon.active ? 'outline-danger' : 'outline-success'}
          onClick={() => void switchCoupon(coupon)}
        >
          {coupon.active ? 'Deactivate' : 'Activate'}
        </Button>
        {coupon.usedCount === 0 && coupon.orderCount === 0 && (
          <Button variant="outline-danger" onClick={() => void remove()}>
            Delete…
          </Button>
        )}
      </div>
      <Row className="g-4 mb-4">
        <Col lg={5}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">Rules</h2>
              <dl className="mb-0">
                <dt>Discount</dt>
                <dd>{couponDiscount(coupon)}</dd>
                <dt>Minimum order</dt>
                <dd>{coupon.minOrderOre === 0 ? 'None' : formatOre(coupon.minOrderOre)}</dd>
                <dt>Valid</dt>
                <dd>{couponDays(coupon)}</dd>
                <dt>Total uses</dt>
                <dd>{coupon.usageLimit === null ? 'No limit' : coupon.usageLimit}</dd>
                <dt>Uses per customer</dt>
                <dd>{coupon.usesPerCustomer === null ? 'No limit' : coupon.usesPerCustomer}</dd>
                <dt>Active</dt>
                <dd className="mb-0">{coupon.active ? 'Yes' : 'No: shoppers cannot use it'}</dd>
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={7}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">Uses</h2>
              <p>
                Used <strong data-testid="coupon-uses">{couponUses(coupon)}</strong>{' '}
                {coupon.usedCount === 1 ? 'time' : 'times'}.
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
  if (coupon.orderCount === 0) return <p className="mb-0">No order has used it yet.</p>;
  return (
    <>
      <Table responsive size="sm" className="align-middle">
        <caption className="caption-top">
          {coupon.orders.length < coupon.orderCount ? 'The latest orders' : 'Orders'} that used it
        </caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Customer</th>
            <th scope="col" className="text-end">
              Total
            </th>
            <th scope="col">State</th>
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
              <td className="small text-nowrap">{shopDateTime(order.createdAt)}</td>
              <td className="text-break">
                {order.customerName ?? <span className="text-body-secondary">Deleted</span>}
              </td>
              <td className="text-end text-nowrap">{formatOre(order.grandTotalOre)}</td>
              <td className="text-nowrap">
                <PaymentBadge status={order.paymentStatus} />{' '}
                <DeliveryBadge status={order.deliveryStatus} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Link to={`/orders?couponId=${coupon.id}`}>
        All {coupon.orderCount} {coupon.orderCount === 1 ? 'order' : 'orders'} with this coupon
      </Link>
    </>
  );
}
