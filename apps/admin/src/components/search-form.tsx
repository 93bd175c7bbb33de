import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col, { type ColProps } from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useT } from '../lib/i18n.js';

type Width = Pick<ColProps, 'xs' | 'sm' | 'md' | 'lg'>;

interface SearchFormProps {
  /** The words searched for now; the field starts from them again when they change. */
  query: string;
  label: string;
  placeholder: string;
  onSearch: (query: string) => void;
  queryWidth: Width;
  buttonWidth: Width;
  /** The list's filters, each in its own `Col`, between the field and the button. */
  children?: ReactNode;
}

/**
 * A list page's search: the words are sent with the button or Enter, the filters beside them
 * apply as soon as they change.
 */
export function SearchForm({
  query,
  label,
  placeholder,
  onSearch,
  queryWidth,
  buttonWidth,
  children,
}: SearchFormProps) {
  const t = useT();
  return (
    <Form
      className="mb-3"
      role="search"
      key={query}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
      }}
    >
      <Row className="g-2">
        <Col {...queryWidth}>
          <Form.Control
            name="q"
            type="search"
            aria-label={label}
            placeholder={placeholder}
            defaultValue={query}
          />
        </Col>
        {children}
        <Col {...buttonWidth}>
          <Button type="submit" className="w-100">
            {t('common.search')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

interface SortHeaderProps {
  label: string;
  /** How the list is sorted by this column now, if it is. */
  direction: 'ascending' | 'descending' | undefined;
  onSort: () => void;
}

/** A column header that sorts the list by its column, told to screen readers by `aria-sort`. */
export function SortHeader({ label, direction, onSort }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={direction ?? 'none'}>
      <Button
        variant="link"
        className="p-0 text-body fw-semibold text-decoration-none"
        onClick={onSort}
      >
        {label} {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}
      </Button>
    </th>
  );
}
