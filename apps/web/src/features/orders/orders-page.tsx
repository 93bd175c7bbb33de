import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { orderReference, type OrderSummary, type OrdersResponse } from '@shop/shared';
import { useAppDispatch } from '../../lib/store-hooks.js';
import { PageSpinner } from '../../components/ui/page-spinner.js';
import { imageUrl } from '../../lib/image-url.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useMoney } from '../../lib/use-money.js';
import { AccountArea, authRequest, type SessionThunk } from '../accounts/index.js';
import { failureMessage } from '../../lib/failure-message.js';
import { ErrorMessage } from '../../components/ui/form-parts.js';
import {
  formatOrderDate,
  formatRefundDate,
  lineTotal,
  statusText,
  variantText,
} from './order-format.js';
import { ordersText } from './orders-text.js';

type OrdersLoad =
  | { status: 'loading' }
  | { status: 'loaded'; orders: OrderSummary[] }
  | { status: 'failed'; message: string };

const fetchOrders = (): SessionThunk<Promise<OrdersResponse>> => (dispatch, getState) =>
  authRequest(
    { dispatch, getState },
    '/api/subscribers/orders',
    (wire) => wire.ordersResponseSchema,
  );

function OrderCard({ order }: { order: OrderSummary }) {
  // MYORD-09, MYORD-10: converted, with decimals only when the amount is not whole.
  const { price } = useMoney();
  const date = formatOrderDate(order.createdAt);
  const reference = orderReference(order.orderNumber);
  // The lines, the shipping and the coupon add up to the total the shopper paid.
  const totals = [
    {
      label: order.storePickup ? ordersText.storePickup : ordersText.shipping,
      amount: price(order.shippingPrice),
    },
    ...(order.couponDiscount > 0
      ? [
          {
            label: ordersText.discount(order.couponCode),
            amount: `-${price(order.couponDiscount)}`,
          },
        ]
      : []),
  ];
  return (
    <article aria-label={ordersText.order(reference, date)} className="card mb-4">
      <div className="card-header d-flex flex-wrap justify-content-between align-items-baseline gap-2">
        <div>
          <h2 className="h6 mb-0">{reference}</h2>
          <time dateTime={order.createdAt} className="small">
            {date}
          </time>
        </div>
        <span>
          {ordersText.status}:{' '}
          <span className="fw-semibold">{statusText(order.deliveryStatus)}</span>
        </span>
      </div>
      <table className="table align-middle mb-0 order-table">
        <thead>
          <tr>
            <th scope="col">{ordersText.serialNumber}</th>
            <th scope="col">{ordersText.product}</th>
            <th scope="col">{ordersText.quantity}</th>
            <th scope="col">{ordersText.price}</th>
            <th scope="col">{ordersText.subTotal}</th>
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((item, index) => {
            const variant = variantText(item.variant);
            return (
              <tr key={item._id}>
                <td className="order-table__sn">{index + 1}</td>
                <td className="order-table__product">
                  <div className="d-flex gap-2 align-items-center">
                    <img
                      src={imageUrl(item.productImage)}
                      alt=""
                      width={48}
                      height={48}
                      className="rounded object-fit-cover flex-shrink-0"
                    />
                    <div>
                      <div>{item.productName}</div>
                      {variant !== '' && <div className="small text-body-secondary">{variant}</div>}
                    </div>
                  </div>
                </td>
                <td data-label={ordersText.quantity}>{item.quantity}</td>
                <td data-label={ordersText.price}>{price(item.productPrice)}</td>
                <td data-label={ordersText.subTotal}>
                  {price(lineTotal(item.productPrice, item.quantity))}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          {totals.map(({ label, amount }) => (
            <tr key={label}>
              <th scope="row" colSpan={4}>
                {label}
              </th>
              <td>{amount}</td>
            </tr>
          ))}
          <tr className="order-table__total">
            <th scope="row" colSpan={4}>
              {ordersText.withDiscount}
            </th>
            <td>{price(order.grandTotal)}</td>
          </tr>
          {order.refunds.map((refund) => (
            <tr key={refund._id} className="order-table__refund">
              <th scope="row" colSpan={4}>
                {ordersText.refund(refund.kind, formatRefundDate(refund.refundedAt))}
                {refund.orderItems.map((returned) => (
                  <div key={returned._id} className="small fw-normal text-body-secondary">
                    {ordersText.returnedItem(
                      returned.quantity,
                      order.orderItems.find((item) => item._id === returned._id)?.productName ?? '',
                    )}
                  </div>
                ))}
              </th>
              <td>-{price(refund.amount)}</td>
            </tr>
          ))}
          {order.refunds.length > 0 && (
            <tr className="order-table__total">
              <th scope="row" colSpan={4}>
                {ordersText.totalAfterRefunds}
              </th>
              <td>{price(order.totalAfterRefunds)}</td>
            </tr>
          )}
        </tfoot>
      </table>
    </article>
  );
}

function MyOrders() {
  const dispatch = useAppDispatch();
  const [load, setLoad] = useState<OrdersLoad>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    dispatch(fetchOrders()).then(
      ({ orders }) => !cancelled && setLoad({ status: 'loaded', orders }),
      (error: unknown) =>
        !cancelled && setLoad({ status: 'failed', message: failureMessage(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [dispatch]);

  return (
    // Room below the last total, so the floating chat link never sits on it.
    <div className="orders-page">
      <h1 className="h4 mb-3">{ordersText.title}</h1>
      {load.status === 'loading' && <PageSpinner />}
      {load.status === 'failed' && <ErrorMessage>{load.message}</ErrorMessage>}
      {load.status === 'loaded' &&
        (load.orders.length === 0 ? (
          <div className="text-center py-5">
            <p>{ordersText.empty}</p>
            <Link to="/">{ordersText.continueShopping}</Link>
          </div>
        ) : (
          // The server answers newest first (MYORD-11).
          load.orders.map((order) => <OrderCard key={order._id} order={order} />)
        ))}
    </div>
  );
}

/** /orders: the signed-in user's orders inside the account area (MYORD-01..11). */
export default function OrdersPage() {
  useDocumentTitle(ordersText.title);
  return (
    <AccountArea>
      <MyOrders />
    </AccountArea>
  );
}
