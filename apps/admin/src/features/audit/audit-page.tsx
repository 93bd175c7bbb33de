import type { AuditEntry } from '@shop/shared';
import { type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { PageState } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { shopDateTime } from '../../lib/dates.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useAuditLog } from './api.js';
import { shownChange } from './audit-values.js';

const filters = ['actor', 'entity', 'entityId', 'action', 'from', 'to'] as const;
const PAGE_SIZE = 50;

function Changes({ entry }: { entry: AuditEntry }) {
  if (!entry.changes) return <span className="text-body-secondary">—</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {Object.entries(entry.changes).map(([field, change]) => (
        <li key={field} className="text-break">
          <strong>{field}</strong>: <del>{shownChange(change.from)}</del> → {shownChange(change.to)}
        </li>
      ))}
    </ul>
  );
}

/** The owner's view of who did what to which record, filterable, newest first. */
export default function AuditPage() {
  const { values, page, update } = useSearchState(filters);
  const log = useAuditLog({ ...values, page, pageSize: PAGE_SIZE });

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update(Object.fromEntries(filters.map((name) => [name, String(form.get(name) ?? '').trim()])));
  };

  return (
    <>
      <h1 className="h3 mb-4">Audit log</h1>
      <Form
        onSubmit={applyFilters}
        className="mb-3"
        aria-label="Filter the audit log"
        key={JSON.stringify(values)}
      >
        <Row className="g-2 align-items-end">
          <Col sm={6} lg={2}>
            <Form.Label htmlFor="audit-actor">Who (e-mail)</Form.Label>
            <Form.Control id="audit-actor" name="actor" defaultValue={values.actor} />
          </Col>
          <Col sm={6} lg={2}>
            <Form.Label htmlFor="audit-entity">Record kind</Form.Label>
            <Form.Select id="audit-entity" name="entity" defaultValue={values.entity}>
              <option value="">Any</option>
              <option value="product">Product</option>
              <option value="item">Item</option>
              <option value="category">Category</option>
              <option value="staff">Staff</option>
              <option value="staff-invitation">Invitation</option>
              <option value="setting">Setting</option>
            </Form.Select>
          </Col>
          <Col sm={6} lg={1}>
            <Form.Label htmlFor="audit-action">Action</Form.Label>
            <Form.Control id="audit-action" name="action" defaultValue={values.action} />
          </Col>
          <Col sm={6} lg={2}>
            <Form.Label htmlFor="audit-entity-id">Record id</Form.Label>
            <Form.Control id="audit-entity-id" name="entityId" defaultValue={values.entityId} />
          </Col>
          {/* Wide enough for a whole date and the calendar button. */}
          <Col xs={6} lg={2}>
            <Form.Label htmlFor="audit-from">From</Form.Label>
            <Form.Control id="audit-from" name="from" type="date" defaultValue={values.from} />
          </Col>
          <Col xs={6} lg={2}>
            <Form.Label htmlFor="audit-to">To</Form.Label>
            <Form.Control id="audit-to" name="to" type="date" defaultValue={values.to} />
          </Col>
          <Col lg={1}>
            <Button type="submit" className="w-100">
              Filter
            </Button>
          </Col>
        </Row>
      </Form>
      <PageState of={log} />
      {log.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Record</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {log.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="text-nowrap">{shopDateTime(entry.at)}</td>
                  <td>{entry.actorEmail}</td>
                  <td>{entry.action}</td>
                  <td>
                    {entry.entity}
                    <div className="small text-body-secondary text-break">{entry.entityId}</div>
                  </td>
                  <td>
                    <Changes entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={log.data.page}
            pageSize={log.data.pageSize}
            total={log.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </>
  );
}
