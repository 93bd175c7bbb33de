import type { FormEventHandler, ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useMessage, useT } from '../lib/i18n.js';

/**
 * The frame of a dialog with a form: a title that names the dialog to screen readers, the
 * server's refusal at the top, and Cancel beside the action.
 */
export function FormDialog({
  id,
  title,
  problem,
  action,
  busy,
  danger = false,
  dismiss,
  size,
  onSubmit,
  onClose,
  children,
}: {
  /** Unique on the page; the title's id is made from it. */
  id: string;
  title: ReactNode;
  problem: string;
  /** The submit button's words, such as "Ship order". */
  action: string;
  busy: boolean;
  danger?: boolean;
  /** The button that closes without doing anything. */
  dismiss?: string;
  size?: 'lg';
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const message = useMessage();
  return (
    <Modal show onHide={onClose} centered size={size} aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id={`${id}-title`}>
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {problem && (
            <Alert variant="danger" role="alert">
              {message(problem)}
            </Alert>
          )}
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {dismiss ?? t('common.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
            {action}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
