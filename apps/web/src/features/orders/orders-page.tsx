import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OrderSummary, OrdersResponse } from '@shop/shared';
import { useAppDispatch } from '../../lib/store-hooks.js';
import { PageSpinner } from '../../components/ui/page-spinner.js';
import { imageUrl } from '../../lib/image-url.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useMoney } from '../../lib/use-money.js';
import { AccountArea, authRequest, type SessionThunk } from '../accounts/index.js';
import { failureMessage } from '../../lib/failure-message.js';
import { ErrorMessage } from '../../components/ui/form-parts.js';
import { RichText, useLocale } from '../../lib/i18n.js';
import { formatOrderDate, formatRefundDate, lineTotal, variantText } from './order-format.js';
import { useOrdersText, type OrdersKey } from './orders-i18n.js';

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
  const t = useOrdersText();
  const locale = useLocale();
  const date = formatOrderDate(locale, order.createdAt);
  const number = order.orderNumber;
  // The lines, the shipping and the coupon add up to the total the shopper paid.
  const totals = [
    {
      label: t(order.storePickup ? 'orders.storePickup' : 'orders.shipping'),
      amount: price(order.shippingPrice),
    },
    ...(order.couponDiscount > 0
      ? [
          {
            label: order.couponCode
              ? t('orders.discountWithCode', { code: order.couponCode })
              : t('orders.discount'),
            amount: `-${price(order.couponDiscount)}`,
          },
        ]
      : []),
  ];
  return (
    <article aria-label={t('orders.label', { number, date })} className="card mb-4">
      <div className="card-header d-flex flex-wrap justify-content-between align-items-baseline gap-2">
        <div>
          <h2 className="h6 mb-0">{t('orders.reference', { number })}</h2>
          <time dateTime={order.createdAt} className="small">
            {date}
          </time>
        </div>
        <span>
          <RichText<OrdersKey>
            id="orders.statusLine"
            values={{ status: t(`orders.deliveryStatus.${order.deliveryStatus}`) }}
            components={{ 0: <span className="fw-semibold" /> }}
          />
        </span>
      </div>
      <table className="table align-middle mb-0 order-table">
        <thead>
          <tr>
            <th scope="col">{t('orders.column.serialNumber')}</th>
            <th scope="col">{t('orders.column.product')}</th>
            <th scope="col">{t('orders.column.quantity')}</th>
            <th scope="col">{t('orders.column.price')}</th>
            <th scope="col">{t('orders.column.subTotal')}</th>
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
                <td data-label={t('orders.column.quantity')}>{item.quantity}</td>
                <td data-label={t('orders.column.price')}>{price(item.productPrice)}</td>
                <td data-label={t('orders.column.subTotal')}>
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
              {t('orders.withDiscount')}
            </th>
            <td>{price(order.grandTotal)}</td>
          </tr>
          {order.refunds.map((refund) => (
            <tr key={refund._id} className="order-table__refund">
              <th scope="row" colSpan={4}>
                {t(`orders.refund.${refund.kind}`, {
                  date: formatRefundDate(locale, refund.refundedAt),
                })}
                {refund.orderItems.map((returned) => (
                  <div key={returned._id} className="small fw-normal text-body-secondary">
                    {t('orders.returnedItem', {
                      quantity: returned.quantity,
                      name:
                        order.orderItems.find((item) => item._id === returned._id)?.productName ??
                        '',
                    })}
                  </div>
                ))}
              </th>
              <td>-{price(refund.amount)}</td>
            </tr>
          ))}
          {order.refunds.length > 0 && (
            <tr className="order-table__total">
              <th scope="row" colSpan={4}>
                {t('orders.totalAfterRefunds')}
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
  const t = useOrdersText();
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
      <h1 className="h4 mb-3">{t('orders.title')}</h1>
      {load.status === 'loading' && <PageSpinner />}
      {load.status === 'failed' && <ErrorMessage>{load.message}</ErrorMessage>}
      {load.status === 'loaded' &&
        (load.orders.length === 0 ? (
          <div className="text-center py-5">
            <p>{t('orders.empty')}</p>
            <Link to="/">{t('orders.continueShopping')}</Link>
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
  const t = useOrdersText();
  useDocumentTitle(t('orders.title'));
  return (
    <AccountArea>
      <MyOrders />
    </AccountArea>
  );
}
