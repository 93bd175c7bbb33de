import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { useFormat, useLocale, useT } from '../../lib/i18n.js';
import { usePages } from './api.js';
import type en from './i18n/en.json';

/** Storefront → Pages: About, the terms and the policies, each opened in the text editor. */
export default function PagesPage() {
  const pages = usePages();
  const t = useT<typeof en>();
  const format = useFormat();
  const english = useLocale() === 'en';
  return (
    <>
      <h1 className="h3 mb-1">{t('content.pages.title')}</h1>
      <p className="text-body-secondary">{t('content.pages.help')}</p>
      <PageState of={pages} />
      {pages.data && (
        <Table responsive hover className="table-admin align-middle">
          <thead>
            <tr>
              <th scope="col">{t('content.pages.page')}</th>
              <th scope="col" className="d-none d-sm-table-cell">
                {t('content.pages.inShop')}
              </th>
              <th scope="col">{t('content.pages.text')}</th>
              <th scope="col">{t('content.pages.saved')}</th>
            </tr>
          </thead>
          <tbody>
            {pages.data.pages.map((page) => (
              <tr key={page.slug}>
                <td>
                  <Link to={`/content/pages/${page.slug}`} className="fw-semibold">
                    {english ? page.titleEn || page.title : page.title}
                  </Link>
                </td>
                <td className="d-none d-sm-table-cell">
                  <a href={page.path} target="_blank" rel="noopener">
                    {page.path}
                  </a>
                </td>
                <td>
                  {page.customised ? (
                    <Badge bg="primary">{t('content.pages.edited')}</Badge>
                  ) : (
                    <Badge bg="secondary">{t('content.pages.default')}</Badge>
                  )}
                </td>
                <td className="small">
                  {page.updatedAt ? (
                    <>
                      {format.dateTime(page.updatedAt)}
                      {page.updatedByEmail && (
                        <div className="text-body-secondary text-break">{page.updatedByEmail}</div>
                      )}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
