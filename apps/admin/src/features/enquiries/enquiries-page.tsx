import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { SearchForm } from '../../components/search-form.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useEnquiries } from './api.js';
import { EnquiryStatusBadge } from './enquiry-status-badge.js';
import { useFormat, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The inbox of cleaning enquiries: new or handled, searched by name or e-mail address. */
export default function EnquiriesPage() {
  const t = useT<typeof en>();
  const format = useFormat();
  const { values, page, update } = useSearchState(['status', 'q'] as const);
  const enquiries = useEnquiries({ ...values, page, pageSize: 25 });
  return (
    <>
      <h1 className="h3 mb-3">{t('enquiries.title')}</h1>
      <SearchForm
        query={values.q}
        label={t('enquiries.searchLabel')}
        placeholder={t('enquiries.searchPlaceholder')}
        onSearch={(q) => update({ q })}
        queryWidth={{ md: 6 }}
        buttonWidth={{ xs: 4, md: 2 }}
      >
        <Col xs={8} md={4}>
          <Form.Select
            aria-label={t('enquiries.state')}
            value={values.status}
            onChange={(event) => update({ status: event.target.value })}
          >
            <option value="">{t('enquiries.newAndHandled')}</option>
            <option value="new">{t('enquiries.new')}</option>
            <option value="handled">{t('enquiries.handledBadge')}</option>
          </Form.Select>
        </Col>
      </SearchForm>
      <PageState of={enquiries} />
      {enquiries.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                <th scope="col">{t('enquiries.received')}</th>
                <th scope="col">{t('enquiries.from')}</th>
                <th scope="col">{t('enquiries.message')}</th>
                <th scope="col" className="text-end">
                  {t('enquiries.replies')}
                </th>
                <th scope="col">{t('enquiries.state')}</th>
              </tr>
            </thead>
            <tbody>
              {enquiries.data.enquiries.map((enquiry) => (
                <tr key={enquiry.id}>
                  <td className="small text-nowrap">{format.dateTime(enquiry.createdAt)}</td>
                  <td>
                    <Link to={`/enquiries/${enquiry.id}`}>{enquiry.fullname}</Link>
                    <div className="small text-body-secondary">{enquiry.email}</div>
                  </td>
                  <td className="small">
                    <div className="enquiry-excerpt">{enquiry.message}</div>
                  </td>
                  <td className="text-end">{format.number(enquiry.replyCount)}</td>
                  <td>
                    <EnquiryStatusBadge status={enquiry.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={enquiries.data.page}
            pageSize={enquiries.data.pageSize}
            total={enquiries.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </>
  );
}
