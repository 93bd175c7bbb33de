import {
  deliveryStatuses,
  orderPaymentStatuses,
  RESERVATION_WARNING_DAYS,
  type AdminOrderListQuery,
} from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { SearchForm, SortHeader } from '../../components/search-form.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { RichText, useFormat, useMessage, useT } from '../../lib/i18n.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { downloadOrdersCsv, useOrders } from './api.js';
import type en from './i18n/en.json';
import { DeliveryBadge, deliveryMethodLabel, PaymentBadge, stateLabel } from './order-states.js';

type SortColumn = NonNullable<AdminOrderListQuery['sort']>;

const deliveryMethods = ['home', 'pickup'] as const;

/**
 * Every order, newest first: search, filters, sort and paging are the server's, and all of them
 * live in the address, so the dashboard can link straight to the orders waiting to be packed
 * (`toPack=true`), those whose charge failed, or those whose reservation may soon lapse
 * (`reservationExpiring=true`).
 */
export default function OrdersPage() {
  const t = useT<typeof en>();
  const format = useFormat();
  const { values, page, update } = useSearchState([
    'q',
    'deliveryStatus',
    'paymentStatus',
    'delivery',
    'toPack',
    'reservationExpiring',
    'couponId',
    'from',
    'to',
    'sort',
    'order',
  ] as const);
  const orders = useOrders({ ...values, page, pageSize: 25 });
  const toast = useToast();
  const message = useMessage();
  const [exporting, setExporting] = useState(false);
  // The file holds every order the list's search and filters find, in its sort, not one page.
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(values);
    } catch (error) {
      toast(
        error instanceof ApiError ? message(error.message) : t('orders.list.exportFailed'),
        'danger',
      );
    } finally {
      setExporting(false);
    }
  };
  const sort = (values.sort || 'date') as SortColumn;
  // The server sorts descending unless told otherwise: the newest, highest, biggest first.
  const descending = values.order !== 'asc';
  const header = (column: SortColumn, label: string) => (
    <SortHeader
      label={label}
      direction={sort === column ? (descending ? 'descending' : 'ascending') : undefined}
      onSort={() => update({ sort: column, order: sort === column && descending ? 'asc' : 'desc' })}
    />
  );

  const sortHeaders = {
    number: header('number', t('orders.list.order')),
    date: header('date', t('orders.list.date')),
    total: header('total', t('orders.list.total')),
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">{t('orders.list.title')}</h1>
        <Button variant="outline-secondary" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? t('orders.list.exporting') : t('orders.list.export')}
        </Button>
      </div>
      <SearchForm
        query={values.q}
        label={t('orders.list.searchLabel')}
        placeholder={t('orders.list.searchPlaceholder')}
        onSearch={(q) => update({ q })}
        queryWidth={{ xs: 12, lg: 4 }}
        buttonWidth={{ xs: 12, sm: 4, lg: 2 }}
      >
        <Col xs={12} sm={4} lg={3}>
          <Form.Select
            aria-label={t('orders.list.deliveryState')}
            value={values.deliveryStatus}
            onChange={(event) => update({ deliveryStatus: event.target.value })}
          >
            <option value="">{t('orders.list.anyDeliveryState')}</option>
            {deliveryStatuses.map((status) => (
              <option key={status} value={status}>
                {stateLabel(t, status)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} sm={4} lg={3}>
          <Form.Select
            aria-label={t('orders.list.paymentState')}
            value={values.paymentStatus}
            onChange={(event) => update({ paymentStatus: event.target.value })}
          >
            <option value="">{t('orders.list.anyPaymentState')}</option>
            {orderPaymentStatuses.map((status) => (
              <option key={status} value={status}>
                {stateLabel(t, status)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} sm={4} lg={2}>
          <Form.Select
            aria-label={t('orders.list.deliveryMethod')}
            value={values.delivery}
            onChange={(event) => update({ delivery: event.target.value })}
          >
            <option value="">{t('orders.list.homeOrPickup')}</option>
            {deliveryMethods.map((method) => (
              <option key={method} value={method}>
                {deliveryMethodLabel(t, method)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} sm={4} lg={{ span: 3, offset: 4 }}>
          <InputGroup>
            <InputGroup.Text as="label" htmlFor="orders-from">
              {t('orders.list.from')}
            </InputGroup.Text>
            <Form.Control
              id="orders-from"
              type="date"
              value={values.from}
              max={values.to || undefined}
              onChange={(event) => update({ from: event.target.value })}
            />
          </InputGroup>
        </Col>
        <Col xs={12} sm={4} lg={3}>
          <InputGroup>
            <InputGroup.Text as="label" htmlFor="orders-to">
              {t('orders.list.to')}
            </InputGroup.Text>
            <Form.Control
              id="orders-to"
              type="date"
              value={values.to}
              min={values.from || undefined}
              onChange={(event) => update({ to: event.target.value })}
            />
          </InputGroup>
        </Col>
      </SearchForm>
      {values.toPack === 'true' && (
        <Alert variant="info" className="d-flex flex-wrap justify-content-between gap-2 py-2">
          <span>{t('orders.list.toPack')}</span>
          <Button variant="link" className="p-0" onClick={() => update({ toPack: '' })}>
            {t('orders.list.showAll')}
          </Button>
        </Alert>
      )}
      {values.reservationExpiring === 'true' && (
        <Alert variant="warning" className="d-flex flex-wrap justify-content-between gap-2 py-2">
          <span>{t('orders.list.reservationExpiring', { days: RESERVATION_WARNING_DAYS })}</span>
          <Button
            variant="link"
            className="p-0"
            onClick={() => update({ reservationExpiring: '' })}
          >
            {t('orders.list.showAll')}
          </Button>
        </Alert>
      )}
      {values.couponId && (
        <Alert variant="info" className="d-flex flex-wrap justify-content-between gap-2 py-2">
          <span>
            <RichText<typeof en>
              id="orders.list.withCoupon"
              components={{ 0: <Link to={`/promotions/coupons/${values.couponId}`} /> }}
            />
          </span>
          <Button variant="link" className="p-0" onClick={() => update({ couponId: '' })}>
            {t('orders.list.showAll')}
          </Button>
        </Alert>
      )}
      <PageState of={orders} />
      {orders.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                {sortHeaders.number}
                {sortHeaders.date}
                <th scope="col">{t('orders.list.customer')}</th>
                <th scope="col" className="text-end">
                  {t('orders.list.items')}
                </th>
                {sortHeaders.total}
                <th scope="col">{t('orders.list.payment')}</th>
                <th scope="col">{t('orders.list.delivery')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={`/orders/${order.id}`} className="fw-semibold">
                      #{order.number}
                    </Link>
                  </td>
                  <td className="small text-nowrap">{format.dateTime(order.createdAt)}</td>
                  <td>
                    {order.customerName ?? (
                      <span className="text-body-secondary">{t('orders.list.deleted')}</span>
                    )}
                    {order.customerEmail && (
                      <div className="small text-body-secondary">{order.customerEmail}</div>
                    )}
                  </td>
                  <td className="text-end">{order.itemCount}</td>
                  <td className="text-nowrap">{format.ore(order.grandTotalOre)}</td>
                  <td>
                    <PaymentBadge status={order.paymentStatus} />
                  </td>
                  <td className="text-nowrap">
                    <DeliveryBadge status={order.deliveryStatus} />
                    <div className="small text-body-secondary">
                      {t('orders.deliveryMethodShort', { method: order.deliveryMethod })}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={orders.data.page}
            pageSize={orders.data.pageSize}
            total={orders.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </>
  );
}
