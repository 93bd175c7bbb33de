import type { AuditEntry } from '@shop/shared';
import { type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { PageState } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useAuditLog } from './api.js';
import { shownChange } from './audit-values.js';
import { useFormat, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

const filters = ['actor', 'entity', 'entityId', 'action', 'from', 'to'] as const;
const PAGE_SIZE = 50;

function Changes({ entry }: { entry: AuditEntry }) {
  const format = useFormat();
  if (!entry.changes) return <span className="text-body-secondary">—</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {Object.entries(entry.changes).map(([field, change]) => (
        <li key={field} className="text-break">
          <strong>{field}</strong>: <del>{shownChange(change.from, format)}</del> →{' '}
          {shownChange(change.to, format)}
        </li>
      ))}
    </ul>
  );
}

/** The owner's view of who did what to which record, filterable, newest first. */
export default function AuditPage() {
  const t = useT<typeof en>();
  const format = useFormat();
  const { values, page, update } = useSearchState(filters);
  const log = useAuditLog({ ...values, page, pageSize: PAGE_SIZE });

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update(Object.fromEntries(filters.map((name) => [name, String(form.get(name) ?? '').trim()])));
  };

  return (
    <>
      <h1 className="h3 mb-4">{t('audit.title')}</h1>
      <Form
        onSubmit={applyFilters}
        className="mb-3"
        aria-label={t('audit.filter')}
        key={JSON.stringify(values)}
      >
        <Row className="g-2 align-items-end">
          <Col sm={6} lg={2}>
            <Form.Label htmlFor="audit-actor">{t('audit.who')}</Form.Label>
            <Form.Control id="audit-actor" name="actor" defaultValue={values.actor} />
          </Col>
          <Col sm={6} lg={2}>
            <Form.Label htmlFor="audit-entity">{t('audit.recordKind')}</Form.Label>
            <Form.Select id="audit-entity" name="entity" defaultValue={values.entity}>
              <option value="">{t('audit.any')}</option>
              <option value="product">{t('audit.kind.product')}</option>
              <option value="item">{t('audit.kind.item')}</option>
              <option value="category">{t('audit.kind.category')}</option>
              <option value="staff">{t('audit.kind.staff')}</option>
              <option value="staff-invitation">{t('audit.kind.invitation')}</option>
              <option value="setting">{t('audit.kind.setting')}</option>
            </Form.Select>
          </Col>
          <Col sm={6} lg={1}>
            <Form.Label htmlFor="audit-action">{t('audit.action')}</Form.Label>
            <Form.Control id="audit-action" name="action" defaultValue={values.action} />
          </Col>
          <Col sm={6} lg={2}>
            <Form.Label htmlFor="audit-entity-id">{t('audit.recordId')}</Form.Label>
            <Form.Control id="audit-entity-id" name="entityId" defaultValue={values.entityId} />
          </Col>
          {/* Wide enough for a whole date and the calendar button. */}
          <Col xs={6} lg={2}>
            <Form.Label htmlFor="audit-from">{t('audit.from')}</Form.Label>
            <Form.Control id="audit-from" name="from" type="date" defaultValue={values.from} />
          </Col>
          <Col xs={6} lg={2}>
            <Form.Label htmlFor="audit-to">{t('audit.to')}</Form.Label>
            <Form.Control id="audit-to" name="to" type="date" defaultValue={values.to} />
          </Col>
          <Col lg={1}>
            <Button type="submit" className="w-100">
              {t('audit.filterButton')}
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
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.whoColumn')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.record')}</th>
                <th scope="col">{t('audit.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="text-nowrap">{format.dateTime(entry.at)}</td>
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
