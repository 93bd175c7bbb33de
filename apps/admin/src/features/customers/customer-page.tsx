import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminCustomerMessages,
  customerBlockRequestSchema,
  type AdminCustomerDetail,
  type CustomerBlockRequest,
  type SavedAddress,
} from '@shop/shared';
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm.js';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import { ApiError } from '../../lib/api-error.js';
import { shopDateTime } from '../../lib/dates.js';
import { formatOre } from '../../lib/format.js';
import { useSession } from '../../lib/use-session.js';
import { reviewStatusNames, StarRating } from '../reviews/index.js';
import {
  exportCustomer,
  resendVerification,
  useBlockCustomer,
  useCustomer,
  useDeleteCustomer,
  useUnblockCustomer,
} from './api.js';
import { deliveryStatusNames, paymentStatusNames, providerNames } from './customer-labels.js';

const failed = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** One customer: the account, addresses, orders and reviews, and what staff and owner may do. */
export default function CustomerPage() {
  const { customerId = '' } = useParams();
  const customer = useCustomer(customerId);
  const data = customer.data;
  return (
    <>
      <p className="mb-2">
        <Link to="/customers">← Customers</Link>
      </p>
      <PageState of={customer} />
      {data && <CustomerDetail customer={data} />}
    </>
  );
}

function CustomerDetail({ customer }: { customer: AdminCustomerDetail }) {
  return (
    <>
      <div className="d-flex align-items-center gap-2 flex-wrap mb-3">
        <h1 className="h3 mb-0 text-break">{customer.name || customer.email}</h1>
        {customer.verified ? (
          <Badge bg="success">Verified</Badge>
        ) : (
          <Badge bg="warning" text="dark">
            Not verified
          </Badge>
        )}
        {customer.blocked && <Badge bg="danger">Blocked</Badge>}
      </div>
      {customer.blocked && (
        <Alert variant="danger">
          Blocked {shopDateTime(customer.blocked.at)}. At every sign-in the customer is told:{' '}
          <q>{customer.blocked.reason}</q>
        </Alert>
      )}
      <Actions customer={customer} />
      <Row className="g-4 mb-4">
        <Col lg={4}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">Account</h2>
              <dl className="mb-0">
                <dt>E-mail</dt>
                <dd className="text-break">
                  <a href={`mailto:${customer.email}`}>{customer.email}</a>
                </dd>
                <dt>Signs in with</dt>
                <dd>{providerNames[customer.provider]}</dd>
                <dt>E-mail address verified</dt>
                <dd>{customer.verifiedAt ? shopDateTime(customer.verifiedAt) : 'Not yet'}</dd>
                <dt>Customer since</dt>
                <dd>{shopDateTime(customer.createdAt)}</dd>
                <dt>Phone</dt>
                <dd className="mb-0">{customer.phone || '—'}</dd>
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={8}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">Addresses</h2>
              <Row className="g-3">
                <Col sm={4}>
                  <AddressBlock title="Profile">
                    <AccountAddress customer={customer} />
                  </AddressBlock>
                </Col>
                <Col sm={4}>
                  <AddressBlock title="Delivery (saved at checkout)">
                    <SavedAddressLines address={customer.shippingDetails} />
                  </AddressBlock>
                </Col>
                <Col sm={4}>
                  <AddressBlock title="Billing (saved at checkout)">
                    <SavedAddressLines address={customer.billingAddress} />
                  </AddressBlock>
                </Col>
              </Row>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <Orders customer={customer} />
      <Reviews customer={customer} />
    </>
  );
}

function Actions({ customer }: { customer: AdminCustomerDetail }) {
  const owner = useSession()?.role === 'owner';
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const unblockCustomer = useUnblockCustomer(customer.id);
  const deleteCustomer = useDeleteCustomer(customer.id);
  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast(failed(error, fallback), 'danger');
    } finally {
      setBusy(false);
    }
  };
  const resend = () =>
    run(async () => {
      const answer = await resendVerification(customer.id);
      toast(answer.message);
    }, 'The verification mail could not be sent.');
  const unblock = async () => {
    const sure = await confirm({
      title: `Unblock ${customer.name || customer.email}?`,
      body: 'They can sign in again at once.',
      action: 'Unblock',
    });
    if (sure)
      await run(async () => {
        await unblockCustomer();
        toast(`${customer.email} can sign in again.`);
      }, 'The block could not be lifted.');
  };
  const exportData = () =>
    run(async () => {
      await exportCustomer(customer.id);
    }, 'The export failed.');
  const remove = async () => {
    const orders = customer.orders.length;
    const sure = await confirm({
      title: `Delete the account of ${customer.name || customer.email}?`,
      body: (
        <>
          <p>
            The account, its sign-ins, reviews, wishlist, saved addresses and the enquiries sent
            from its address are deleted, and {customer.email} is mailed that it is done.
          </p>
          <p className="mb-0">
            {orders === 0
              ? 'The customer has no orders.'
              : `The ${orders === 1 ? 'order is' : `${orders} orders are`} kept for the bookkeeping: a paid one keeps only the buyer’s name and address for its receipt, which the law asks for five years; no search finds them.`}{' '}
            This cannot be undone.
          </p>
        </>
      ),
      action: 'Delete account',
    });
    if (sure)
      await run(async () => {
        await deleteCustomer();
        toast(adminCustomerMessages.deleted);
        void navigate('/customers');
      }, 'The account could not be deleted.');
  };

  return (
    <div className="d-flex flex-wrap gap-2 mb-4">
      {!customer.verified && (
        <Button variant="outline-primary" onClick={() => void resend()} disabled={busy}>
          Resend verification mail
        </Button>
      )}
      {owner && (
        <>
          {customer.blocked ? (
            <>
              <Button variant="outline-secondary" onClick={() => void unblock()} disabled={busy}>
                Unblock
              </Button>
              <Button variant="outline-secondary" onClick={() => setBlocking(true)} disabled={busy}>
                Change the reason
              </Button>
            </>
          ) : (
            <Button variant="outline-danger" onClick={() => setBlocking(true)} disabled={busy}>
              Block…
            </Button>
          )}
          <Button variant="outline-secondary" onClick={() => void exportData()} disabled={busy}>
            Export data (JSON)
          </Button>
          <Button variant="outline-danger" onClick={() => void remove()} disabled={busy}>
            Delete account…
          </Button>
        </>
      )}
      {blocking && <BlockDialog customer={customer} onClose={() => setBlocking(false)} />}
    </div>
  );
}

function BlockDialog({
  customer,
  onClose,
}: {
  customer: AdminCustomerDetail;
  onClose: () => void;
}) {
  const toast = useToast();
  const block = useBlockCustomer(customer.id);
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<CustomerBlockRequest>({
    resolver: zodResolver(customerBlockRequestSchema),
    defaultValues: { reason: customer.blocked?.reason ?? '' },
    fields: ['reason'],
    send: async (body) => {
      await block(body);
      toast(
        customer.blocked
          ? 'The reason was changed.'
          : `${customer.email} is blocked and signed out everywhere.`,
      );
      onClose();
    },
  });
  const name = customer.name || customer.email;
  return (
    <FormDialog
      id="block"
      title={customer.blocked ? `Change why ${name} is blocked` : `Block ${name}`}
      problem={problem}
      action={customer.blocked ? 'Save the reason' : 'Block customer'}
      busy={isSubmitting}
      danger
      onSubmit={submit}
      onClose={onClose}
    >
      {!customer.blocked && (
        <p>
          They are signed out everywhere at once and cannot sign in until you lift the block. Their
          orders are not affected.
        </p>
      )}
      <FormField
        label="Reason"
        rows={3}
        autoFocus
        registration={register('reason')}
        error={errors.reason}
        help="The customer is shown this when they try to sign in."
      />
    </FormDialog>
  );
}

function AddressBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h3 className="h6">{title}</h3>
      <address className="mb-0 small text-break">{children}</address>
    </>
  );
}

const lines = (...parts: string[]) => {
  const shown = parts.filter((part) => part.trim() !== '');
  return shown.length === 0 ? (
    <span className="text-body-secondary">None</span>
  ) : (
    shown.map((part, index) => (
      <span key={index} className="d-block">
        {part}
      </span>
    ))
  );
};

function AccountAddress({ customer }: { customer: AdminCustomerDetail }) {
  const { address, apartmentNumber, postalCode, city, country } = customer.accountAddress;
  return lines(
    [address, apartmentNumber].filter(Boolean).join(', '),
    [postalCode, city].filter(Boolean).join(' '),
    country,
  );
}

function SavedAddressLines({ address }: { address: SavedAddress | null }) {
  if (!address) return lines();
  return lines(
    address.name,
    [address.address, address.apartmentNumber].filter(Boolean).join(', '),
    [address.postalCode, address.city].filter(Boolean).join(' '),
    address.country,
    address.phone,
    address.email,
  );
}

function Orders({ customer }: { customer: AdminCustomerDetail }) {
  return (
    <section aria-labelledby="orders-title" className="mb-4">
      <h2 className="h5" id="orders-title">
        Orders ({customer.orders.length})
      </h2>
      {customer.orders.length === 0 ? (
        <p className="text-body-secondary">No orders yet.</p>
      ) : (
        <Table responsive hover className="table-admin align-middle">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Placed</th>
              <th scope="col" className="text-end">
                Items
              </th>
              <th scope="col" className="text-end">
                Total
              </th>
              <th scope="col">Delivery</th>
              <th scope="col">Payment</th>
            </tr>
          </thead>
          <tbody>
            {customer.orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link to={`/orders/${order.id}`}>No. {order.number}</Link>
                </td>
                <td className="small text-nowrap">{shopDateTime(order.createdAt)}</td>
                <td className="text-end">{order.itemCount}</td>
                <td className="text-end text-nowrap">
                  {formatOre(order.grandTotalOre)}
                  {order.refundedOre > 0 && (
                    <div className="small text-body-secondary">
                      {formatOre(order.refundedOre)} refunded
                    </div>
                  )}
                </td>
                <td>{deliveryStatusNames[order.deliveryStatus]}</td>
                <td>{paymentStatusNames[order.paymentStatus]}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

function Reviews({ customer }: { customer: AdminCustomerDetail }) {
  return (
    <section aria-labelledby="reviews-title" className="mb-4">
      <h2 className="h5" id="reviews-title">
        Reviews ({customer.reviews.length})
      </h2>
      {customer.reviews.length === 0 ? (
        <p className="text-body-secondary">No reviews yet.</p>
      ) : (
        <Table responsive hover className="table-admin align-middle">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Rating</th>
              <th scope="col">State</th>
              <th scope="col">Written</th>
            </tr>
          </thead>
          <tbody>
            {customer.reviews.map((review) => (
              <tr key={review.id}>
                <td>
                  <Link to={`/reviews?status=${review.status}&productId=${review.productId}`}>
                    {review.productName}
                  </Link>
                </td>
                <td>
                  <StarRating rating={review.rating} />
                </td>
                <td>{reviewStatusNames[review.status]}</td>
                <td className="small text-nowrap">{shopDateTime(review.date)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
