import Pagination from 'react-bootstrap/Pagination';
import { useFormat, useT } from '../lib/i18n.js';

/** Previous/next paging of a server-paged list, with where the reader is. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const format = useFormat();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t('common.pages')}
      className="d-flex align-items-center justify-content-between gap-3 flex-wrap"
    >
      <span className="text-body-secondary small">
        {total === 0
          ? t('common.nothingFound')
          : t('common.range', {
              first: format.number(first),
              last: format.number(last),
              total: format.number(total),
            })}
      </span>
      <Pagination className="mb-0">
        <Pagination.Prev disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('common.previous')}
        </Pagination.Prev>
        <Pagination.Item active aria-current="page">
          {page} / {pages}
        </Pagination.Item>
        <Pagination.Next disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('common.next')}
        </Pagination.Next>
      </Pagination>
    </nav>
  );
}
