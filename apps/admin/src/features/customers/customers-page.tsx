import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { SearchForm } from '../../components/search-form.js';
import { shopDateTime } from '../../lib/dates.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useCustomers } from './api.js';
import { providerNames } from './customer-labels.js';

/** The customer accounts, newest first: searched by name or e-mail, filtered by their state. */
export default function CustomersPage() {
  const { values, page, update } = useSearchState(['q', 'verified', 'blocked'] as const);
  const customers = useCustomers({ ...values, page, pageSize: 25 });
  return (
    <>
      <h1 className="h3 mb-3">Customers</h1>
      <SearchForm
        query={values.q}
        label="Search by name or e-mail address"
        placeholder="Name or e-mail address"
        onSearch={(q) => update({ q })}
        queryWidth={{ md: 4 }}
        buttonWidth={{ md: 2 }}
      >
        <Col xs={6} md={3}>
          <Form.Select
            aria-label="E-mail address verified"
            value={values.verified}
            onChange={(event) => update({ verified: event.target.value })}
          >
            <option value="">Verified or not</option>
            <option value="true">Verified</option>
            <option value="false">Not verified</option>
          </Form.Select>
        </Col>
        <Col xs={6} md={3}>
          <Form.Select
            aria-label="Blocked"
            value={values.blocked}
            onChange={(event) => update({ blocked: event.target.value })}
          >
            <option value="">Blocked or not</option>
            <option value="true">Blocked</option>
            <option value="false">Not blocked</option>
          </Form.Select>
        </Col>
      </SearchForm>
      <PageState of={customers} />
      {customers.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Signs in with</th>
                <th scope="col">State</th>
                <th scope="col">Customer since</th>
              </tr>
            </thead>
            <tbody>
              {customers.data.customers.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    <Link to={`/customers/${customer.id}`}>{customer.name || '(no name)'}</Link>
                  </td>
                  <td>{customer.email}</td>
                  <td>{providerNames[customer.provider]}</td>
                  <td>
                    <div className="d-flex gap-1 flex-wrap">
                      {customer.verified ? (
                        <Badge bg="success">Verified</Badge>
                      ) : (
                        <Badge bg="warning" text="dark">
                          Not verified
                        </Badge>
                      )}
                      {customer.blocked && <Badge bg="danger">Blocked</Badge>}
                    </div>
                  </td>
                  <td className="small text-nowrap">{shopDateTime(customer.createdAt)}</td>
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
