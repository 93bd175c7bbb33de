import Pagination from 'react-bootstrap/Pagination';

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
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Pages"
      className="d-flex align-items-center justify-content-between gap-3 flex-wrap"
    >
      <span className="text-body-secondary small">
        {total === 0 ? 'Nothing found' : `${first}–${last} of ${total}`}
      </span>
      <Pagination className="mb-0">
        <Pagination.Prev disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Pagination.Prev>
        <Pagination.Item active aria-current="page">
          {page} / {pages}
        </Pagination.Item>
        <Pagination.Next disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Pagination.Next>
      </Pagination>
    </nav>
  );
}
