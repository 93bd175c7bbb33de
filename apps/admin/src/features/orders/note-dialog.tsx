import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTE_MAX_LENGTH,
  adminOrderSchema,
  orderNoteRequestSchema,
  type AdminOrder,
  type OrderNoteRequest,
} from '@shop/shared';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { api } from '../../lib/api-client.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { OrderDialog } from './order-dialog.js';

/** An internal note on the order's timeline; the customer never sees it. */
export function NoteDialog({
  order,
  onClose,
}: {
  order: AdminOrder;
  onClose: (added: boolean) => void;
}) {
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OrderNoteRequest>({
    resolver: zodResolver(orderNoteRequestSchema),
    defaultValues: { text: '' },
  });
  const submit = handleSubmit(async (body) => {
    setProblem('');
    try {
      await api(`/api/admin/orders/${order.id}/notes`, adminOrderSchema, { method: 'POST', body });
      onClose(true);
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['text']));
    }
  });
  return (
    <OrderDialog
      id="note"
      title={`Add a note to order #${order.number}`}
      problem={problem}
      action={isSubmitting ? 'Adding…' : 'Add note'}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose(false)}
    >
      <Form.Group controlId="note-text">
        <Form.Label>Note</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          autoFocus
          maxLength={NOTE_MAX_LENGTH}
          aria-describedby="note-text-help"
          {...register('text')}
          isInvalid={Boolean(errors.text)}
        />
        <Form.Control.Feedback type="invalid">{errors.text?.message}</Form.Control.Feedback>
        <Form.Text id="note-text-help" muted>
          For the shop’s staff only; the customer never sees it.
        </Form.Text>
      </Form.Group>
    </OrderDialog>
  );
}
