import { deliveryStatuses, orderPaymentStatuses, type AdminOrderListQuery } from '@shop/shared';
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
import { shopDateTime } from '../../lib/dates.js';
import { formatOre } from '../../lib/format.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useOrders } from './api.js';
import { DeliveryBadge, PaymentBadge, stateLabel } from './order-states.js';

type SortColumn = NonNullable<AdminOrderListQuery['sort']>;

/**
 * Every order, newest first: search, filters, sort and paging are the server's, and all of them
 * live in the address, so the dashboard can link straight to the orders waiting to be packed
 * (`toPack=true`) or those whose charge failed.
 */
export default function OrdersPage() {
  const { values, page, update } = useSearchState([
    'q',
    'deliveryStatus',
    'paymentStatus',
    'delivery',
    'toPack',
    'couponId',
    'from',
    'to',
    'sort',
    'order',
  ] as const);
  const orders = useOrders({ ...values, page, pageSize: 25 });
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

  return (
    <>
      <h1 className="h3 mb-3">Orders</h1>
      <SearchForm
        query={values.q}
        label="Search by order number, e-mail or name"
        placeholder="Order number, e-mail or name"
        onSearch={(q) => update({ q })}
        queryWidth={{ xs: 12, lg: 4 }}
        buttonWidth={{ xs: 12, sm: 4, lg: 2 }}
      >
        <Col xs={12} sm={4} lg={3}>
          <Form.Select
            aria-label="Delivery state"
            value={values.deliveryStatus}
            onChange={(event) => update({ deliveryStatus: event.target.value })}
          >
            <option value="">Any delivery state</option>
            {deliveryStatuses.map((status) => (
              <option key={status} value={status}>
                {stateLabel(status)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} sm={4} lg={3}>
          <Form.Select
            aria-label="Payment state"
            value={values.paymentStatus}
            onChange={(event) => update({ paymentStatus: event.target.value })}
          >
            <option value="">Any payment state</option>
            {orderPaymentStatuses.map((status) => (
              <option key={status} value={status}>
                {stateLabel(status)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} sm={4} lg={2}>
          <Form.Select
            aria-label="Delivery method"
            value={values.delivery}
            onChange={(event) => update({ delivery: event.target.value })}
          >
            <option value="">Home or pickup</option>
            <option value="home">Home delivery</option>
            <option value="pickup">Store pickup</option>
          </Form.Select>
        </Col>
        <Col xs={12} sm={4} lg={{ span: 3, offset: 4 }}>
          <InputGroup>
            <InputGroup.Text as="label" htmlFor="orders-from">
              From
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
              To
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
          <span>Showing paid orders that wait to be packed.</span>
          <Button variant="link" className="p-0" onClick={() => update({ toPack: '' })}>
            Show all orders
          </Button>
        </Alert>
      )}
      {values.couponId && (
        <Alert variant="info" className="d-flex flex-wrap justify-content-between gap-2 py-2">
          <span>
            Showing orders placed with{' '}
            <Link to={`/promotions/coupons/${values.couponId}`}>a coupon</Link>.
          </span>
          <Button variant="link" className="p-0" onClick={() => update({ couponId: '' })}>
            Show all orders
          </Button>
        </Alert>
      )}
      <PageState of={orders} />
      {orders.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                {header('number', 'Order')}
                {header('date', 'Date')}
                <th scope="col">Customer</th>
                <th scope="col" className="text-end">
                  Items
                </th>
                {header('total', 'Total')}
                <th scope="col">Payment</th>
                <th scope="col">Delivery</th>
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
                  <td className="small text-nowrap">{shopDateTime(order.createdAt)}</td>
                  <td>
                    {order.customerName ?? <span className="text-body-secondary">Deleted</span>}
                    {order.customerEmail && (
                      <div className="small text-body-secondary">{order.customerEmail}</div>
                    )}
                  </td>
                  <td className="text-end">{order.itemCount}</td>
                  <td className="text-nowrap">{formatOre(order.grandTotalOre)}</td>
                  <td>
                    <PaymentBadge status={order.paymentStatus} />
                  </td>
                  <td className="text-nowrap">
                    <DeliveryBadge status={order.deliveryStatus} />
                    <div className="small text-body-secondary">
                      {order.deliveryMethod === 'home' ? 'Home' : 'Pickup'}
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
