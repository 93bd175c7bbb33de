interface PaginationControlProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Page numbers with Previous and Next; at most five numbers around the current page. */
export function PaginationControl({
  page,
  pageCount,
  onChange,
  label = 'Pagination',
}: PaginationControlProps) {
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, index) => first + index);
  const item = (target: number, text: string, disabled: boolean, current = false) => (
    <li key={text} className={`page-item${disabled ? ' disabled' : ''}${current ? ' active' : ''}`}>
      <button
        type="button"
        className="page-link"
        disabled={disabled}
        aria-current={current ? 'page' : undefined}
        aria-label={/^\d+$/.test(text) ? `Page ${text}` : undefined}
        onClick={() => onChange(target)}
      >
        {text}
      </button>
    </li>
  );
  return (
    <nav aria-label={label}>
      <ul className="pagination justify-content-center flex-wrap mt-4">
        {item(page - 1, 'Previous', page === 1)}
        {pages.map((target) => item(target, String(target), false, target === page))}
        {item(page + 1, 'Next', page === pageCount)}
      </ul>
    </nav>
  );
}
