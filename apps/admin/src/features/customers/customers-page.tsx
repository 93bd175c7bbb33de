import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { SearchForm } from '../../components/search-form.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useCustomers } from './api.js';
import { useFormat, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The customer accounts, newest first: searched by name or e-mail, filtered by their state. */
export default function CustomersPage() {
  const t = useT<typeof en>();
  const format = useFormat();
  const { values, page, update } = useSearchState(['q', 'verified', 'blocked'] as const);
  const customers = useCustomers({ ...values, page, pageSize: 25 });
  return (
    <>
      <h1 className="h3 mb-3">{t('customers.title')}</h1>
      <SearchForm
        query={values.q}
        label={t('customers.searchLabel')}
        placeholder={t('customers.searchPlaceholder')}
        onSearch={(q) => update({ q })}
        queryWidth={{ md: 4 }}
        buttonWidth={{ md: 2 }}
      >
        <Col xs={6} md={3}>
          <Form.Select
            aria-label={t('customers.verifiedFilter')}
            value={values.verified}
            onChange={(event) => update({ verified: event.target.value })}
          >
            <option value="">{t('customers.verifiedOrNot')}</option>
            <option value="true">{t('customers.verified')}</option>
            <option value="false">{t('customers.notVerified')}</option>
          </Form.Select>
        </Col>
        <Col xs={6} md={3}>
          <Form.Select
            aria-label={t('customers.blockedFilter')}
            value={values.blocked}
            onChange={(event) => update({ blocked: event.target.value })}
          >
            <option value="">{t('customers.blockedOrNot')}</option>
            <option value="true">{t('customers.blocked')}</option>
            <option value="false">{t('customers.notBlocked')}</option>
          </Form.Select>
        </Col>
      </SearchForm>
      <PageState of={customers} />
      {customers.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                <th scope="col">{t('customers.name')}</th>
                <th scope="col">{t('customers.email')}</th>
                <th scope="col">{t('customers.signsInWith')}</th>
                <th scope="col">{t('customers.state')}</th>
                <th scope="col">{t('customers.since')}</th>
              </tr>
            </thead>
            <tbody>
              {customers.data.customers.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    <Link to={`/customers/${customer.id}`}>
                      {customer.name || t('customers.noName')}
                    </Link>
                  </td>
                  <td>{customer.email}</td>
                  <td>{t('customers.provider', { provider: customer.provider })}</td>
                  <td>
                    <div className="d-flex gap-1 flex-wrap">
                      {customer.verified ? (
                        <Badge bg="success">{t('customers.verified')}</Badge>
                      ) : (
                        <Badge bg="warning" text="dark">
                          {t('customers.notVerified')}
                        </Badge>
                      )}
                      {customer.blocked && <Badge bg="danger">{t('customers.blocked')}</Badge>}
                    </div>
                  </td>
                  <td className="small text-nowrap">{format.dateTime(customer.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={customers.data.page}
            pageSize={customers.data.pageSize}
            total={customers.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </>
  );
}
