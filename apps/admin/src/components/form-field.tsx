import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useMessage } from '../lib/i18n.js';

const textarea = 'textarea';

/**
 * A labelled input with its inline error, registered with react-hook-form; with `rows`, a text
 * area of that many rows.
 */
export function FormField({
  label,
  registration,
  error,
  help,
  rows,
  ...input
}: {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  help?: ReactNode;
  rows?: number;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'value' | 'defaultValue'>) {
  const message = useMessage();
  const id = useId();
  const describedBy = [error && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(rows === undefined ? {} : { as: textarea, rows })}
        {...input}
        {...registration}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
      />
      {help && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback id={`${id}-error`} type="invalid">
          {error.message && message(error.message)}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
