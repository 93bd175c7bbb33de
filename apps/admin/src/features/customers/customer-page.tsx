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
import { RichText, useFormat, useMessage, useT } from '../../lib/i18n.js';
import { useSession } from '../../lib/use-session.js';
import { StarRating } from '../reviews/index.js';
import {
  exportCustomer,
  resendVerification,
  useBlockCustomer,
  useCustomer,
  useDeleteCustomer,
  useUnblockCustomer,
} from './api.js';
import type en from './i18n/en.json';

const failed = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** One customer: the account, addresses, orders and reviews, and what staff and owner may do. */
export default function CustomerPage() {
  const t = useT<typeof en>();
  const { customerId = '' } = useParams();
  const customer = useCustomer(customerId);
  const data = customer.data;
  return (
    <>
      <p className="mb-2">
        <Link to="/customers">{t('customers.detail.back')}</Link>
      </p>
      <PageState of={customer} />
      {data && <CustomerDetail customer={data} />}
    </>
  );
}

function CustomerDetail({ customer }: { customer: AdminCustomerDetail }) {
  const t = useT<typeof en>();
  const format = useFormat();
  return (
    <>
      <div className="d-flex align-items-center gap-2 flex-wrap mb-3">
        <h1 className="h3 mb-0 text-break">{customer.name || customer.email}</h1>
        {customer.verified ? (
          <Badge bg="success">{t('customers.verified')}</Badge>
        ) : (
          <Badge bg="warning" text="dark">
            {t('customers.notVerified')}
          </Badge>
        )}
        {customer.blocked && <Badge bg="danger">{t('customers.blocked')}</Badge>}
      </div>
      {customer.blocked && (
        <Alert variant="danger">
          <RichText<typeof en>
            id="customers.detail.blockedAt"
            values={{
              date: format.dateTime(customer.blocked.at),
              reason: customer.blocked.reason,
            }}
            components={{ 0: <q /> }}
          />
        </Alert>
      )}
      <Actions customer={customer} />
      <Row className="g-4 mb-4">
        <Col lg={4}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">{t('customers.detail.account')}</h2>
              <dl className="mb-0">
                <dt>{t('customers.detail.email')}</dt>
                <dd className="text-break">
                  <a href={`mailto:${customer.email}`}>{customer.email}</a>
                </dd>
                <dt>{t('customers.signsInWith')}</dt>
                <dd>{t('customers.provider', { provider: customer.provider })}</dd>
                <dt>{t('customers.detail.emailVerified')}</dt>
                <dd>
                  {customer.verifiedAt
                    ? format.dateTime(customer.verifiedAt)
                    : t('customers.detail.notYet')}
                </dd>
                <dt>{t('customers.since')}</dt>
                <dd>{format.dateTime(customer.createdAt)}</dd>
                <dt>{t('customers.detail.phone')}</dt>
                <dd className="mb-0">{customer.phone || '—'}</dd>
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={8}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">{t('customers.detail.addresses')}</h2>
              <Row className="g-3">
                <Col sm={4}>
                  <AddressBlock title={t('customers.detail.profile')}>
                    <AccountAddress customer={customer} />
                  </AddressBlock>
                </Col>
                <Col sm={4}>
                  <AddressBlock title={t('customers.detail.deliverySaved')}>
                    <SavedAddressLines address={customer.shippingDetails} />
                  </AddressBlock>
                </Col>
                <Col sm={4}>
                  <AddressBlock title={t('customers.detail.billingSaved')}>
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
  const t = useT<typeof en>();
  const message = useMessage();
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
    }, t('customers.actions.resendFailed'));
  const unblock = async () => {
    const sure = await confirm({
      title: t('customers.actions.unblockTitle', { name: customer.name || customer.email }),
      body: t('customers.actions.unblockBody'),
      action: t('customers.actions.unblock'),
    });
    if (sure)
      await run(async () => {
        await unblockCustomer();
        toast(t('customers.actions.unblocked', { email: customer.email }));
      }, t('customers.actions.unblockFailed'));
  };
  const exportData = () =>
    run(async () => {
      await exportCustomer(customer.id);
    }, t('customers.actions.exportFailed'));
  const remove = async () => {
    const sure = await confirm({
      title: t('customers.actions.deleteTitle', { name: customer.name || customer.email }),
      body: (
        <>
          <p>{t('customers.actions.deleteBody', { email: customer.email })}</p>
          <p className="mb-0">
            {t('customers.actions.deleteOrders', { orders: customer.orders.length })}
          </p>
        </>
      ),
      action: t('customers.actions.delete'),
    });
    if (sure)
      await run(async () => {
        await deleteCustomer();
        toast(message(adminCustomerMessages.deleted));
        void navigate('/customers');
      }, t('customers.actions.deleteFailed'));
  };

  return (
    <div className="d-flex flex-wrap gap-2 mb-4">
      {!customer.verified && (
        <Button variant="outline-primary" onClick={() => void resend()} disabled={busy}>
          {t('customers.actions.resend')}
        </Button>
      )}
      {owner && (
        <>
          {customer.blocked ? (
            <>
              <Button variant="outline-secondary" onClick={() => void unblock()} disabled={busy}>
                {t('customers.actions.unblock')}
              </Button>
              <Button variant="outline-secondary" onClick={() => setBlocking(true)} disabled={busy}>
                {t('customers.actions.changeReason')}
              </Button>
            </>
          ) : (
            <Button variant="outline-danger" onClick={() => setBlocking(true)} disabled={busy}>
              {t('customers.actions.block')}
            </Button>
          )}
          <Button variant="outline-secondary" onClick={() => void exportData()} disabled={busy}>
            {t('customers.actions.export')}
          </Button>
          <Button variant="outline-danger" onClick={() => void remove()} disabled={busy}>
            {t('customers.actions.deleteOpen')}
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
  const t = useT<typeof en>();
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
          ? t('customers.block.reasonChanged')
          : t('customers.block.blocked', { email: customer.email }),
      );
      onClose();
    },
  });
  const name = customer.name || customer.email;
  return (
    <FormDialog
      id="block"
      title={
        customer.blocked
          ? t('customers.block.changeTitle', { name })
          : t('customers.block.title', { name })
      }
      problem={problem}
      action={customer.blocked ? t('customers.block.save') : t('customers.block.action')}
      busy={isSubmitting}
      danger
      onSubmit={submit}
      onClose={onClose}
    >
      {!customer.blocked && <p>{t('customers.block.intro')}</p>}
      <FormField
        label={t('customers.block.reason')}
        rows={3}
        autoFocus
        registration={register('reason')}
        error={errors.reason}
        help={t('customers.block.help')}
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

function Lines({ parts }: { parts: string[] }) {
  const t = useT<typeof en>();
  const shown = parts.filter((part) => part.trim() !== '');
  return shown.length === 0 ? (
    <span className="text-body-secondary">{t('customers.detail.none')}</span>
  ) : (
    shown.map((part, index) => (
      <span key={index} className="d-block">
        {part}
      </span>
    ))
  );
}

function AccountAddress({ customer }: { customer: AdminCustomerDetail }) {
  const { address, apartmentNumber, postalCode, city, country } = customer.accountAddress;
  return (
    <Lines
      parts={[
        [address, apartmentNumber].filter(Boolean).join(', '),
        [postalCode, city].filter(Boolean).join(' '),
        country,
      ]}
    />
  );
}

function SavedAddressLines({ address }: { address: SavedAddress | null }) {
  if (!address) return <Lines parts={[]} />;
  return (
    <Lines
      parts={[
        address.name,
        [address.address, address.apartmentNumber].filter(Boolean).join(', '),
        [address.postalCode, address.city].filter(Boolean).join(' '),
        address.country,
        address.phone,
        address.email,
      ]}
    />
  );
}

function Orders({ customer }: { customer: AdminCustomerDetail }) {
  const t = useT<typeof en>();
  const format = useFormat();
  return (
    <section aria-labelledby="orders-title" className="mb-4">
      <h2 className="h5" id="orders-title">
        {t('customers.orders.title', { count: customer.orders.length })}
      </h2>
      {customer.orders.length === 0 ? (
        <p className="text-body-secondary">{t('customers.orders.none')}</p>
      ) : (
        <Table responsive hover className="table-admin align-middle">
          <thead>
            <tr>
              <th scope="col">{t('customers.orders.order')}</th>
              <th scope="col">{t('customers.orders.placed')}</th>
              <th scope="col" className="text-end">
                {t('customers.orders.items')}
              </th>
              <th scope="col" className="text-end">
                {t('customers.orders.total')}
              </th>
              <th scope="col">{t('customers.orders.delivery')}</th>
              <th scope="col">{t('customers.orders.payment')}</th>
            </tr>
          </thead>
          <tbody>
            {customer.orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link to={`/orders/${order.id}`}>
                    {t('customers.orders.number', { number: order.number })}
                  </Link>
                </td>
                <td className="small text-nowrap">{format.dateTime(order.createdAt)}</td>
                <td className="text-end">{order.itemCount}</td>
                <td className="text-end text-nowrap">
                  {format.ore(order.grandTotalOre)}
                  {order.refundedOre > 0 && (
                    <div className="small text-body-secondary">
                      {t('customers.orders.refunded', { amount: format.ore(order.refundedOre) })}
                    </div>
                  )}
                </td>
                <td>{t('customers.orders.deliveryStatus', { status: order.deliveryStatus })}</td>
                <td>{t('customers.orders.paymentStatus', { status: order.paymentStatus })}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

function Reviews({ customer }: { customer: AdminCustomerDetail }) {
  const t = useT<typeof en>();
  const format = useFormat();
  return (
    <section aria-labelledby="reviews-title" className="mb-4">
      <h2 className="h5" id="reviews-title">
        {t('customers.reviews.title', { count: customer.reviews.length })}
      </h2>
      {customer.reviews.length === 0 ? (
        <p className="text-body-secondary">{t('customers.reviews.none')}</p>
      ) : (
        <Table responsive hover className="table-admin align-middle">
          <thead>
            <tr>
              <th scope="col">{t('customers.reviews.product')}</th>
              <th scope="col">{t('customers.reviews.rating')}</th>
              <th scope="col">{t('customers.reviews.state')}</th>
              <th scope="col">{t('customers.reviews.written')}</th>
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
                <td>{t('customers.reviews.status', { status: review.status })}</td>
                <td className="small text-nowrap">{format.dateTime(review.date)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
