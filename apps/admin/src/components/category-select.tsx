import { type ReactNode, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useCategories } from '../lib/api.js';
import { useMessage, useT } from '../lib/i18n.js';

/** A choice of category, each level indented under its parent, hidden ones marked. */
export function CategorySelect({
  value,
  error,
  help,
  onChange,
}: {
  value: string;
  error: string | undefined;
  help?: ReactNode;
  onChange: (id: string) => void;
}) {
  const t = useT();
  const message = useMessage();
  const id = useId();
  const categories = useCategories();
  const describedBy = [error && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t('common.category')}</Form.Label>
      <Form.Select
        value={value}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('common.chooseCategory')}</option>
        {categories.data?.categories.map((category) => (
          <option key={category.id} value={category.id}>
            {'— '.repeat(category.level - 1)}
            {category.hidden ? t('common.categoryHidden', { name: category.name }) : category.name}
          </option>
        ))}
      </Form.Select>
      {help && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback id={`${id}-error`} type="invalid">
          {message(error)}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
