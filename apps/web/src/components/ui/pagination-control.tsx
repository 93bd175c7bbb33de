import { useUiText } from './ui-i18n.js';

interface PaginationControlProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Page numbers with Previous and Next; at most five numbers around the current page. */
export function PaginationControl({ page, pageCount, onChange, label }: PaginationControlProps) {
  const t = useUiText();
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, index) => first + index);
  const item = (
    target: number,
    text: string,
    disabled: boolean,
    options: { current?: boolean; label?: string } = {},
  ) => (
    <li
      key={text}
      className={`page-item${disabled ? ' disabled' : ''}${options.current ? ' active' : ''}`}
    >
      <button
        type="button"
        className="page-link"
        disabled={disabled}
        aria-current={options.current ? 'page' : undefined}
        aria-label={options.label}
        onClick={() => onChange(target)}
      >
        {text}
      </button>
    </li>
  );
  return (
    <nav aria-label={label ?? t('ui.pagination.label')}>
      <ul className="pagination justify-content-center flex-wrap mt-4">
        {item(page - 1, t('ui.pagination.previous'), page === 1)}
        {pages.map((target) =>
          item(target, String(target), false, {
            current: target === page,
            label: t('ui.pagination.page', { page: String(target) }),
          }),
        )}
        {item(page + 1, t('ui.pagination.next'), page === pageCount)}
      </ul>
    </nav>
  );
}
