import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { shopDateTime } from '../../lib/dates.js';
import { usePages } from './api.js';

/** Storefront → Pages: About, the terms and the policies, each opened in the text editor. */
export default function PagesPage() {
  const pages = usePages();
  return (
    <>
      <h1 className="h3 mb-1">Pages</h1>
      <p className="text-body-secondary">
        The shop’s text pages. Until a page is edited it shows the default text, which names the
        shop’s details as they are set under Shop details.
      </p>
      <PageState of={pages} />
      {pages.data && (
        <Table responsive hover className="table-admin align-middle">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col" className="d-none d-sm-table-cell">
                In the shop
              </th>
              <th scope="col">Text</th>
              <th scope="col">Last saved</th>
            </tr>
          </thead>
          <tbody>
            {pages.data.pages.map((page) => (
              <tr key={page.slug}>
                <td>
                  <Link to={`/content/pages/${page.slug}`} className="fw-semibold">
                    {page.title}
                  </Link>
                </td>
                <td className="d-none d-sm-table-cell">
                  <a href={page.path} target="_blank" rel="noopener">
                    {page.path}
                  </a>
                </td>
                <td>
                  {page.customised ? (
                    <Badge bg="primary">Edited</Badge>
                  ) : (
                    <Badge bg="secondary">Default text</Badge>
                  )}
                </td>
                <td className="small">
                  {page.updatedAt ? (
                    <>
                      {shopDateTime(page.updatedAt)}
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
